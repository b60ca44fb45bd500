import type { AuditEntry } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makePagination } from '@/test/people-fixtures';
import AuditLogPage from './audit-log-page';

function makeEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: '2',
    at: '2026-11-24T09:30:00.000Z',
    actor: { _id: '10000000-0000-4000-8000-000000000009', email: 'registrar@example.edu' },
    action: 'student.update',
    recordType: 'student',
    recordId: '10000000-0000-4000-8000-000000000001',
    recordLabel: 'Asha Patel (STU-0001)',
    summary: 'Edited student Asha Patel (STU-0001): rollNumber',
    changes: { rollNumber: { from: 'CSE-24-001', to: 'CSE-24-101' } },
    ...overrides,
  };
}

const edit = makeEntry();
const reset = makeEntry({
  _id: '1',
  action: 'faculty.unlock-account',
  recordType: 'faculty',
  recordId: '10000000-0000-4000-8000-000000000002',
  recordLabel: 'Ravi Kumar (FAC-0001)',
  summary: 'Unlocked the account of Ravi Kumar (FAC-0001)',
  changes: null,
});

function listAnswer(entries = [edit, reset], page = 1, total = entries.length) {
  return ok({ entries, pagination: makePagination(page, total) });
}

function renderLog(entry = '/admin/audit') {
  return renderPage(<AuditLogPage />, '/admin/audit', [], entry);
}

describe('AuditLogPage', () => {
  it('lists who did what to which record, with the changes behind Details', async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-audit-log': listAnswer() });
    renderLog();

    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const row = (await screen.findByText('Asha Patel (STU-0001)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('registrar@example.edu')).toBeInTheDocument();
    expect(within(row).getByText('Student edited')).toBeInTheDocument();
    expect(within(row).getByText(edit.summary)).toBeInTheDocument();
    await userEvent.click(within(row).getByText('Details'));
    expect(within(row).getByText('rollNumber')).toBeVisible();
    expect(within(row).getByText('CSE-24-001 → CSE-24-101')).toBeVisible();
    // An action the page has no label for is still named, and an entry without changes has no Details.
    const other = screen.getByText('Ravi Kumar (FAC-0001)').closest('tr') as HTMLElement;
    expect(within(other).getByText('Faculty: unlock account')).toBeInTheDocument();
    expect(within(other).queryByText('Details')).not.toBeInTheDocument();
    expect(screen.getByText('1 to 2 of 2 entries')).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ page: 1, limit: 10 });
  });

  it('applies the filters from the address, and keeps new ones there', async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-audit-log': listAnswer() });
    const { router } = renderLog('/admin/audit?action=student.update&page=2');

    await screen.findByText('Asha Patel (STU-0001)');
    expect(requests[0]?.params).toMatchObject({ action: 'student.update', page: 2 });
    expect(screen.getByLabelText('What')).toHaveValue('student.update');

    await userEvent.type(screen.getByLabelText('Who'), ' Registrar ');
    await userEvent.selectOptions(screen.getByLabelText('Record'), 'Student');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-24');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      actor: 'Registrar',
      action: 'student.update',
      recordType: 'student',
      from: '2026-11-20',
      to: '2026-11-24',
    });
    await waitFor(() => expect(requests.at(-1)?.params).toHaveProperty('actor'));
    const sent = requests.at(-1)?.params ?? {};
    expect(sent).toMatchObject({ actor: 'Registrar', recordType: 'student', page: 1 });
    // The days are the viewer's: from the first instant of the first to the last of the second.
    expect(sent.from).toBe(new Date(2026, 10, 20).toISOString());
    expect(sent.to).toBe(new Date(2026, 10, 24, 23, 59, 59, 999).toISOString());

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-audit-log': listAnswer() });
    const { router } = renderLog();
    await screen.findByText('Asha Patel (STU-0001)');

    await userEvent.type(screen.getByLabelText('From'), '2026-11-24');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByText('The end of the range cannot be before its start')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(requests).toHaveLength(1);
  });

  it("shows one record's history, and every record again", async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-audit-log': listAnswer() });
    const { router } = renderLog();

    const row = (await screen.findByText('Asha Patel (STU-0001)')).closest('tr') as HTMLElement;
    await userEvent.click(
      within(row).getByRole('button', { name: 'History of Asha Patel (STU-0001)' }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      recordType: 'student',
      recordId: edit.recordId,
    });
    expect(await screen.findByText('Showing the history of one student.')).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.params).toMatchObject({ recordId: edit.recordId }));

    await userEvent.click(screen.getByRole('button', { name: 'Show every record' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      recordType: 'student',
    });
  });

  it('says when nothing matches the filters', async () => {
    fakeAdminApi({ 'GET /admin/get-audit-log': listAnswer([]) });
    renderLog('/admin/audit?actor=nobody');

    expect(await screen.findByText('No entries found')).toBeInTheDocument();
    expect(screen.getByText('No entry matches these filters.')).toBeInTheDocument();
  });

  it('offers a retry when the log cannot be read', async () => {
    fakeAdminApi({
      'GET /admin/get-audit-log': { status: 400, data: { success: false, message: 'Bad filter' } },
    });
    renderLog();

    expect(await screen.findByText('Failed to fetch the audit log')).toBeInTheDocument();
    expect(screen.getByText('Bad filter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
