import type { SignInProvider } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { SignInProvidersSection } from './sign-in-providers-section';

const REDIRECT_URI = 'https://exams.college.edu/api/auth/oidc/callback';

const keycloak: SignInProvider = {
  _id: '7d3f1c2e-1111-4222-8333-444455556666',
  label: 'College accounts',
  issuer: 'https://keycloak.college.edu/realms/staff',
  clientId: 'examiq',
  clientSecretSet: true,
  allowedDomains: ['college.edu', 'staff.college.edu'],
  emailClaim: 'email',
  enabled: true,
  fromEnvironment: false,
};

function renderSection(
  providers: SignInProvider[],
  routes: Parameters<typeof fakeAdminApi>[0] = {},
) {
  const requests = fakeAdminApi({
    'GET /admin/sign-in-providers': ok({ providers, redirectUri: REDIRECT_URI }),
    ...routes,
  });
  renderPage(<SignInProvidersSection />, '/admin/settings');
  return requests;
}

describe('SignInProvidersSection', () => {
  it('shows the redirect URI to register, and each provider with its secret only as set', async () => {
    renderSection([
      { ...keycloak, _id: 'environment', label: 'Google', fromEnvironment: true },
      keycloak,
    ]);
    expect(await screen.findByText(REDIRECT_URI)).toBeInTheDocument();
    expect(screen.getByText('Sign in with College accounts')).toBeInTheDocument();
    expect(screen.getAllByText('Client ID examiq · client secret set')).toHaveLength(2);
    expect(
      screen.getByText('Set by OIDC_ISSUER on the server; change it there.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
  });

  it('checks a new provider as the server does, then sends it', async () => {
    const requests = renderSection([], {
      'POST /admin/create-sign-in-provider': ok(keycloak, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add provider' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a sign-in provider' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save provider' }));
    expect(await within(dialog).findByText('Button label is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Client secret is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('At least one allowed email domain is required'),
    ).toBeInTheDocument();

    // Pasted rather than typed: what is checked is what is sent, not each keystroke.
    const fill = async (label: string, text: string) => {
      await userEvent.click(within(dialog).getByLabelText(label));
      await userEvent.paste(text);
    };
    await fill('Button label', 'College accounts');
    await fill('Issuer URL', keycloak.issuer);
    await fill('Client ID', 'examiq');
    await fill('Client secret', 's3cret');
    await fill('Allowed email domains', 'College.edu, staff.college.edu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save provider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
      label: 'College accounts',
      issuer: keycloak.issuer,
      clientId: 'examiq',
      clientSecret: 's3cret',
      allowedDomains: ['college.edu', 'staff.college.edu'],
      emailClaim: 'email',
      enabled: true,
    });
  });

  it('keeps the stored secret when an edit leaves it empty', async () => {
    const requests = renderSection([keycloak], {
      [`PUT /admin/update-sign-in-provider/${keycloak._id}`]: ok(keycloak),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit College accounts' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit College accounts' });
    expect(within(dialog).getByLabelText('Client secret')).toHaveValue('');
    expect(
      within(dialog).getByText('Set. Leave empty to keep it, or type a new one to replace it.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save provider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requests.find((request) => request.method === 'PUT')?.data;
    expect(sent).not.toHaveProperty('clientSecret');
    expect(sent).toMatchObject({ allowedDomains: ['college.edu', 'staff.college.edu'] });
  });

  it('removes a provider once asked to', async () => {
    const requests = renderSection([keycloak], {
      [`DELETE /admin/delete-sign-in-provider/${keycloak._id}`]: {
        status: 200,
        data: { success: true, message: 'Sign-in provider removed' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove College accounts' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove sign-in provider' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });
});
