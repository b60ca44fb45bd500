import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeBatch } from '@/test/master-data-fixtures';
import MasterDataPage from './master-data-page';

function card(name: string) {
  return screen.getByRole('region', { name });
}

function renderMasterData(counts = { batches: 3, courses: 5, branches: 7, sections: 11 }) {
  const requests = fakeAdminApi({
    'GET /admin/get-master-data-counts': () => ok(counts),
    'GET /admin/get-batches': ok([]),
    'POST /admin/create-batch': () => {
      counts.batches += 1;
      return ok(makeBatch(), 201);
    },
  });
  const view = renderPage(<MasterDataPage />, '/admin/data', [
    { path: '/admin/data/:view', element: <p>View page</p> },
  ]);
  return { ...view, requests };
}

describe('MasterDataPage', () => {
  it('shows each card with its count from the server, skeletons first', async () => {
    renderMasterData();

    expect(within(card('Batch')).getByText('Loading')).toBeInTheDocument();
    expect(await within(card('Batch')).findByText('3')).toBeInTheDocument();
    expect(within(card('Course')).getByText('5')).toBeInTheDocument();
    expect(within(card('Branch')).getByText('7')).toBeInTheDocument();
    expect(within(card('Section')).getByText('11')).toBeInTheDocument();
  });

  it('shows a dash, not a number, when the counts cannot be loaded', async () => {
    fakeAdminApi({ 'GET /admin/get-master-data-counts': { status: 403, data: {} } });
    renderPage(<MasterDataPage />);

    expect(await within(card('Batch')).findByText('Count unavailable')).toBeInTheDocument();
  });

  it.each([
    ['Batch', 'Start Year'],
    ['Course', 'Course Name'],
    ['Branch', 'Branch Name'],
    ['Section', 'Section Name'],
  ])('opens the Create %s modal from its card', async (type, field) => {
    renderMasterData();

    await userEvent.click(within(card(type)).getByRole('button', { name: 'Create' }));

    const dialog = screen.getByRole('dialog', { name: `Create ${type}` });
    expect(within(dialog).getByLabelText(field)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Batch', '/admin/data/view-batch'],
    ['Course', '/admin/data/view-course'],
    ['Branch', '/admin/data/view-branch'],
    ['Section', '/admin/data/view-section'],
  ])('links the %s card to its view page', async (type, path) => {
    const { router } = renderMasterData();

    await userEvent.click(within(card(type)).getByRole('link', { name: 'View' }));

    expect(router.state.location.pathname).toBe(path);
  });

  it('closes the modal after a create and shows the new count without a reload', async () => {
    const success = vi.spyOn(toast, 'success');
    renderMasterData();
    expect(await within(card('Batch')).findByText('3')).toBeInTheDocument();

    await userEvent.click(within(card('Batch')).getByRole('button', { name: 'Create' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Batch' });
    await userEvent.type(within(dialog).getByLabelText('Start Year'), '2024');
    await userEvent.type(within(dialog).getByLabelText('End Year'), '2028');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Batch created successfully!');
    expect(await within(card('Batch')).findByText('4')).toBeInTheDocument();
  });
});
