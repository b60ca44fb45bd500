import { FACULTY_PROFILE_FIELD_KEYS } from '@examiq/contracts';
import { validFacultyPayload } from '@examiq/contracts/test-support';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage, settingsAnswer } from '@/test/admin-api';
import CreateFacultyPage from './create-faculty-page';

type Answer = { status: number; data: unknown };

const payload = validFacultyPayload({ email: 'vikram.rao@example.edu', employeeId: 'EMP-1042' });

async function renderForm(
  create: Answer = ok({ defaultPassword: 'Kd9!mW3z' }, 201),
  settings?: Answer,
) {
  const requests = fakeAdminApi({
    'POST /admin/create-faculty': create,
    ...(settings ? { 'GET /admin/settings': settings } : {}),
  });
  renderPage(<CreateFacultyPage />, '/admin/faculty/create-faculty');
  // The form is built once the institution's required fields have arrived.
  await screen.findByRole('button', { name: 'Create Faculty' });
  return requests;
}

const region = (name: string) => within(screen.getByRole('region', { name }));
const group = (name: string) => within(screen.getByRole('group', { name }));

function fill(field: HTMLElement, value: string | number) {
  fireEvent.change(field, { target: { value: String(value) } });
  fireEvent.blur(field);
}

function fillAddress(name: string, address: typeof payload.contactInfo.permanentAddress) {
  for (const [label, value] of [
    ['Street', address.street],
    ['City', address.city],
    ['State', address.state],
    ['Zip Code', address.zipCode],
    ['Country', address.country],
  ] as const) {
    fill(group(name).getByLabelText(label), value);
  }
}

async function fillForm({ withPreviousInstitution = true } = {}) {
  fill(region('Account Information').getByLabelText('Email'), payload.email);
  fill(region('Account Information').getByLabelText('Joining Date'), payload.joiningDate);

  const personal = region('Personal Information');
  const info = payload.personalInfo;
  fill(personal.getByLabelText('First Name'), info.firstName);
  fill(personal.getByLabelText('Last Name'), info.lastName);
  fill(personal.getByLabelText('Date of Birth'), info.dateOfBirth);
  await userEvent.selectOptions(personal.getByLabelText('Gender'), 'Female');
  await userEvent.selectOptions(personal.getByLabelText('Marital Status'), 'Married');
  fill(personal.getByLabelText('Nationality'), info.nationality);
  fill(personal.getByLabelText('Religion'), info.religion);
  fill(personal.getByLabelText('Photo URL'), info.photo);

  fill(region('Contact Information').getByLabelText('Phone'), payload.contactInfo.phone);
  fillAddress('Permanent Address', payload.contactInfo.permanentAddress);
  fillAddress('Current Address', payload.contactInfo.currentAddress);

  const professional = region('Professional Information');
  const { professionalInfo } = payload;
  fill(professional.getByLabelText('Employee ID'), professionalInfo.employeeId);
  fill(professional.getByLabelText('Department'), professionalInfo.department);
  fill(professional.getByLabelText('Designation'), professionalInfo.designation);

  const [degree] = professionalInfo.qualification;
  const qualification = group('Qualification 1');
  fill(qualification.getByLabelText('Degree'), degree?.degree ?? '');
  fill(qualification.getByLabelText('Institution'), degree?.institution ?? '');
  fill(qualification.getByLabelText('Year'), degree?.year ?? '');
  fill(qualification.getByLabelText('Percentage'), degree?.percentage ?? '');

  fill(
    region('Experience').getByLabelText('Total Years of Experience'),
    professionalInfo.experience.totalYears,
  );
  if (withPreviousInstitution) {
    await userEvent.click(screen.getByRole('button', { name: 'Add Previous Institution' }));
    const [previous] = professionalInfo.experience.previousInstitutions;
    const institution = group('Previous Institution 1');
    fill(institution.getByLabelText('Institution Name'), previous?.institutionName ?? '');
    fill(institution.getByLabelText('Designation'), previous?.designation ?? '');
    fill(institution.getByLabelText('Duration'), previous?.duration ?? '');
    fill(institution.getByLabelText('From'), previous?.from ?? '');
    fill(institution.getByLabelText('To'), previous?.to ?? '');
  }
}

function submit() {
  return userEvent.click(screen.getByRole('button', { name: 'Create Faculty' }));
}

function posted(requests: Awaited<ReturnType<typeof renderForm>>) {
  const post = requests.find((request) => request.method === 'POST');
  return post?.data as typeof payload | undefined;
}

function textOf(node: unknown): string {
  const { container, unmount } = render(node as ReactElement);
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('CreateFacultyPage', () => {
  it('shows a validation message only once the field has been touched', async () => {
    await renderForm();
    const employeeId = region('Professional Information').getByLabelText('Employee ID');

    await userEvent.type(employeeId, 'E1');
    expect(screen.queryByText('Employee ID must be at least 3 characters')).not.toBeInTheDocument();
    await userEvent.tab();

    expect(screen.getByText('Employee ID must be at least 3 characters')).toBeInTheDocument();
    expect(screen.queryByText('Department is required')).not.toBeInTheDocument();
  });

  it('keeps at least one qualification and lets more be added and removed', async () => {
    await renderForm();
    const removeFirst = screen.getByRole('button', { name: 'Remove Qualification 1' });
    expect(removeFirst).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add Qualification' }));
    expect(screen.getByRole('group', { name: 'Qualification 2' })).toBeInTheDocument();
    expect(removeFirst).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Qualification 2' }));
    expect(screen.queryByRole('group', { name: 'Qualification 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Qualification 1' })).toBeDisabled();
  });

  it('lets the last qualification go, and marks its fields optional, once the institution does not require them', async () => {
    await renderForm(
      undefined,
      settingsAnswer({
        requiredFacultyFields: FACULTY_PROFILE_FIELD_KEYS.filter(
          (key) => !key.startsWith('professionalInfo.qualification'),
        ),
      }),
    );
    const first = group('Qualification 1');
    expect(first.getByLabelText('Percentage')).toHaveAccessibleDescription('Optional');
    expect(first.getByLabelText('Degree')).not.toHaveAccessibleDescription('Optional');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Qualification 1' }));
    expect(screen.queryByRole('group', { name: 'Qualification 1' })).not.toBeInTheDocument();
  });

  it('offers the choice of a default password or an emailed invitation', async () => {
    await renderForm();
    const choice = within(screen.getByRole('region', { name: 'First Password' }));
    expect(choice.getByRole('radio', { name: /Set a default password/ })).toBeChecked();
    expect(choice.getByRole('radio', { name: /Email an invitation/ })).not.toBeChecked();
  });

  it('offers only the default password while the institution has invitations off', async () => {
    const requests = await renderForm(undefined, settingsAnswer({ invitationEmails: false }));
    expect(screen.queryByRole('region', { name: 'First Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Email an invitation/ })).not.toBeInTheDocument();
    await fillForm();
    await submit();
    await waitFor(() => expect(posted(requests)).toEqual(payload));
  });

  it('requires the fields of an added previous institution', async () => {
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Previous Institution' }));
    await submit();

    expect(await screen.findByText('Institution name is required')).toBeInTheDocument();
    expect(screen.getByText('From date is required')).toBeInTheDocument();
    expect(group('Qualification 1').getByText('Year is required')).toBeInTheDocument();
  });

  it('sends the faculty member, toasts the default password and resets the form', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = await renderForm();
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Qualification' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Qualification 2' }));
    await submit();

    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(posted(requests)).toEqual(payload);
    const [message, options] = success.mock.calls[0] ?? [];
    expect(textOf(message)).toBe('Faculty created successfullyDefault password: Kd9!mW3z');
    expect(options).toEqual({ duration: 15_000 });
    await waitFor(() =>
      expect(region('Account Information').getByLabelText('Email')).toHaveValue(''),
    );
    expect(screen.queryByRole('group', { name: 'Previous Institution 1' })).not.toBeInTheDocument();
    expect(group('Qualification 1').getByLabelText('Degree')).toHaveValue('');
  });

  it('sends no joining date and no previous institutions when none are given', async () => {
    const requests = await renderForm();
    await fillForm({ withPreviousInstitution: false });
    fill(region('Account Information').getByLabelText('Joining Date'), '');
    await submit();

    await waitFor(() => expect(posted(requests)).toBeDefined());
    const sent = posted(requests);
    expect(sent).not.toHaveProperty('joiningDate');
    expect(sent?.professionalInfo.experience.previousInstitutions).toEqual([]);
  });

  it('puts server errors of list entries under their fields', async () => {
    const error = vi.spyOn(toast, 'error');
    await renderForm({
      status: 400,
      data: {
        success: false,
        message: 'Please correct the highlighted fields',
        errors: {
          'professionalInfo.qualification.0.year': 'Year cannot be after 2100',
          'personalInfo.maritalStatus': 'Please select a valid marital status',
        },
      },
    });
    await fillForm();
    await submit();

    expect(
      await group('Qualification 1').findByText('Year cannot be after 2100'),
    ).toBeInTheDocument();
    expect(
      region('Personal Information').getByLabelText('Marital Status'),
    ).toHaveAccessibleDescription('Please select a valid marital status');
    expect(error).toHaveBeenCalledWith('Please correct the highlighted fields');
  });

  it("toasts 'Failed to create faculty' when the server sends no message", async () => {
    const error = vi.spyOn(toast, 'error');
    await renderForm({ status: 500, data: '' });
    await fillForm();
    await submit();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to create faculty'));
  });
});
