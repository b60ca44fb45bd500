import { type ImportJob, type ImportPreview, PEOPLE_IMPORT_MESSAGES } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage, settingsAnswer } from '@/test/admin-api';
import { captureSavedFiles, fileAnswer } from '@/test/saved-files';
import PeopleImportPage from './people-import-page';

const JOB_ID = '30000000-0000-4000-8000-000000000001';

const preview: ImportPreview = {
  _id: '40000000-0000-4000-8000-000000000001',
  kind: 'students',
  totalRows: 50,
  validRows: 47,
  errors: [
    { row: 4, column: 'email', message: 'Please enter a valid email' },
    {
      row: 9,
      column: 'academicInfo.branch',
      message: 'The branch "XYZ" is not in the course B.Tech of this batch',
    },
    { row: 23, column: 'rollNumber', message: 'The same value is already on row 7 of the file' },
  ],
  errorCount: 3,
};

function job(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    _id: JOB_ID,
    kind: 'students',
    mode: 'valid-only',
    invite: false,
    status: 'RUNNING',
    total: 47,
    done: 12,
    summary: null,
    credentialsAvailable: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const finished = (overrides: Partial<ImportJob> = {}) =>
  job({
    status: 'SUCCEEDED',
    done: 47,
    summary: { imported: 47, skipped: 3 },
    credentialsAvailable: true,
    finishedAt: '2026-01-05T09:00:02.000Z',
    ...overrides,
  });

function renderImport(entry = '/admin/student/import') {
  return renderPage(<PeopleImportPage kind="students" />, '/admin/student/import', [], entry);
}

const csv = () =>
  new File(['email,rollNumber\r\nasha@example.edu,CSE-1\r\n'], 'intake.csv', {
    type: 'text/csv',
  });

async function chooseAndPreview() {
  await userEvent.upload(screen.getByLabelText('CSV or XLSX file'), csv());
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
}

const formOf = (request: ApiRequest | undefined) => request?.data as FormData;

describe('PeopleImportPage', () => {
  it('offers the templates and checks nothing until a file is chosen', async () => {
    const saved = captureSavedFiles();
    const requests = fakeAdminApi({
      'GET /admin/import-template/students': fileAnswer('email,rollNumber\r\n'),
    });
    renderImport();

    expect(screen.getByRole('heading', { level: 1, name: 'Import Students' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Students' })).toHaveAttribute(
      'href',
      '/admin/student',
    );
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Import' })).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        /a default password to change at first sign-in, or an emailed invitation to set one\.$/,
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX template' }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['students-import-template.xlsx']),
    );
    expect(
      requests.find((request) => request.url === '/admin/import-template/students')?.params,
    ).toEqual({ format: 'xlsx' });
  });

  it('imports faculty to the faculty calls, explaining their numbered columns', async () => {
    const requests = fakeAdminApi({
      'POST /admin/import-preview/faculty': ok({
        ...preview,
        kind: 'faculty',
        errors: [],
        errorCount: 0,
        validRows: 50,
      }),
    });
    renderPage(<PeopleImportPage kind="faculty" />, '/admin/faculty/import');

    expect(screen.getByRole('heading', { level: 1, name: 'Import Faculty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Faculty' })).toHaveAttribute(
      'href',
      '/admin/faculty',
    );
    expect(screen.getByText(/professionalInfo\.qualification\.0\.degree/)).toBeInTheDocument();
    await chooseAndPreview();

    expect(
      await screen.findByText('Every row is valid: 50 faculty members ready to import.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 50 faculty members' })).toBeEnabled();
    expect(requests.some((request) => request.url === '/admin/import-preview/faculty')).toBe(true);
  });

  it('previews the file: totals and every error by row and column', async () => {
    const requests = fakeAdminApi({ 'POST /admin/import-preview/students': ok(preview) });
    renderImport();

    await chooseAndPreview();

    expect(await screen.findByText('3 rows have errors; 47 students can be imported.'));
    const table = screen.getByRole('table', { name: 'Errors by row and column' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Row', 'Column', 'Error'],
      ['4', 'email', 'Please enter a valid email'],
      ['9', 'academicInfo.branch', 'The branch "XYZ" is not in the course B.Tech of this batch'],
      ['23', 'rollNumber', 'The same value is already on row 7 of the file'],
    ]);
    const sent = formOf(
      requests.find((request) => request.url === '/admin/import-preview/students'),
    ).get('file') as File;
    expect(sent.name).toBe('intake.csv');
  });

  it('imports only in the valid-only mode while rows have errors, then follows the job in the address', async () => {
    const requests = fakeAdminApi({
      'POST /admin/import-preview/students': ok(preview),
      'POST /admin/import/students': ok(job({ done: 0 }), 202),
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': ok(job()),
    });
    const { router } = renderImport();
    await chooseAndPreview();
    await screen.findByRole('heading', { name: 'Import' });

    expect(screen.getByRole('radio', { name: /All or nothing/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Import 50 students' })).toBeDisabled();
    expect(screen.getByText(/Some rows have errors/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Valid rows only/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 47 students' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?job=${JOB_ID}`));
    const form = formOf(requests.find((request) => request.url === '/admin/import/students'));
    expect(form.get('mode')).toBe('valid-only');
    expect(form.get('invite')).toBe('false');
    // The rows its preview checked, named by the preview's id: the file is not sent again.
    expect(form.get('check')).toBe(preview._id);
    expect(form.get('file')).toBeNull();
    // The job as the import answered it, then as the next read finds it.
    const bar = await screen.findByRole('progressbar', { name: 'Importing' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '12'));
    expect(bar).toHaveAttribute('aria-valuemax', '47');
    expect(bar).toHaveAttribute('aria-valuetext', '12 of 47 students');
    expect(screen.getByText(/The import goes on if you leave this page/)).toBeInTheDocument();
  });

  it('imports with invitations when chosen, by the keyboard too', async () => {
    const requests = fakeAdminApi({
      'POST /admin/import-preview/students': ok({
        ...preview,
        validRows: 50,
        errors: [],
        errorCount: 0,
      }),
      'POST /admin/import/students': ok(job({ done: 0, invite: true }), 202),
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': ok(job({ invite: true })),
    });
    renderImport();
    await chooseAndPreview();
    await screen.findByRole('heading', { name: 'Import' });

    const passwords = await screen.findByRole('group', { name: 'First passwords' });
    expect(within(passwords).getByRole('radio', { name: /Set default passwords/ })).toBeChecked();
    within(passwords)
      .getByRole('radio', { name: /Set default passwords/ })
      .focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(passwords).getByRole('radio', { name: /Email invitations/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: /^Import \d+ students$/ }));

    await waitFor(() =>
      expect(requests.some((request) => request.url === '/admin/import/students')).toBe(true),
    );
    const form = formOf(requests.find((request) => request.url === '/admin/import/students'));
    expect(form.get('invite')).toBe('true');
  });

  it('offers only default passwords while the institution has invitations off', async () => {
    const requests = fakeAdminApi({
      'GET /admin/settings': settingsAnswer({ invitationEmails: false }),
      'POST /admin/import-preview/students': ok({
        ...preview,
        validRows: 50,
        errors: [],
        errorCount: 0,
      }),
      'POST /admin/import/students': ok(job({ done: 0 }), 202),
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': ok(job()),
    });
    renderImport();
    // The intro names no invitation either.
    expect(
      await screen.findByText(
        'Add a term’s students from a CSV or XLSX file. Every row is checked with the create form’s rules before anything is written, and each student gets a default password to change at first sign-in.',
      ),
    ).toBeInTheDocument();
    await chooseAndPreview();
    await screen.findByRole('heading', { name: 'Import' });
    expect(screen.getByRole('group', { name: 'Rows to import' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'First passwords' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Email invitations/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 50 students' }));

    await waitFor(() =>
      expect(requests.some((request) => request.url === '/admin/import/students')).toBe(true),
    );
    const form = formOf(requests.find((request) => request.url === '/admin/import/students'));
    expect(form.get('invite')).toBe('false');
  });

  it('says an import with invitations has no credentials file', async () => {
    fakeAdminApi({
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': ok(finished({ invite: true })),
    });
    renderImport(`/admin/student/import?job=${JOB_ID}`);

    expect(
      await screen.findByText(/is emailed an invitation to set their own password/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download credentials' })).not.toBeInTheDocument();
  });

  it('shows the progress of the job its address names until it ends, then the summary and the credentials, once', async () => {
    const saved = captureSavedFiles();
    let reads = 0;
    let taken = false;
    fakeAdminApi({
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': () => {
        reads += 1;
        if (reads === 1) return ok(job());
        return ok(finished({ credentialsAvailable: !taken }));
      },
      'GET /admin/get-job-credentials/30000000-0000-4000-8000-000000000001': () => {
        taken = true;
        return fileAnswer('email,studentId,rollNumber,defaultPassword\r\n');
      },
    });
    const { router } = renderImport(`/admin/student/import?job=${JOB_ID}`);

    expect(await screen.findByRole('progressbar', { name: 'Importing' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    expect(await screen.findByText('47 students imported.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Done' })).toHaveAttribute(
      'aria-valuenow',
      '47',
    );
    expect(screen.getByText('Skipped').nextSibling).toHaveTextContent('3');

    await userEvent.click(screen.getByRole('button', { name: 'Download credentials' }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['students-credentials.csv']),
    );
    expect(await screen.findByText(/The credentials file has been downloaded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download credentials' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  });

  it('says when the credentials were taken already', async () => {
    captureSavedFiles();
    fakeAdminApi({
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': ok(finished()),
      'GET /admin/get-job-credentials/30000000-0000-4000-8000-000000000001': {
        status: 410,
        data: { success: false, message: PEOPLE_IMPORT_MESSAGES.credentialsGone },
      },
    });
    renderImport(`/admin/student/import?job=${JOB_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Download credentials' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      PEOPLE_IMPORT_MESSAGES.credentialsGone,
    );
  });

  it('shows a failed import with its reason', async () => {
    fakeAdminApi({
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': ok(
        job({
          status: 'FAILED',
          summary: { imported: 0, skipped: 0, message: PEOPLE_IMPORT_MESSAGES.interrupted },
          finishedAt: '2026-01-05T09:00:02.000Z',
        }),
      ),
    });
    renderImport(`/admin/student/import?job=${JOB_ID}`);

    expect(await screen.findByText(PEOPLE_IMPORT_MESSAGES.interrupted)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Failed' })).toBeInTheDocument();
    expect(screen.queryByText('Credentials')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a file of another type',
      { status: 400, data: { success: false, message: PEOPLE_IMPORT_MESSAGES.wrongType } },
      [PEOPLE_IMPORT_MESSAGES.wrongType],
    ],
    [
      'a file over the size limit',
      { status: 413, data: { success: false, message: PEOPLE_IMPORT_MESSAGES.fileTooLarge } },
      [PEOPLE_IMPORT_MESSAGES.fileTooLarge],
    ],
    [
      'missing columns',
      {
        status: 400,
        data: {
          success: false,
          message: PEOPLE_IMPORT_MESSAGES.missingColumns([
            'personalInfo.firstName',
            'academicInfo.batch',
          ]),
        },
      },
      [PEOPLE_IMPORT_MESSAGES.missingColumns(['personalInfo.firstName', 'academicInfo.batch'])],
    ],
  ])("says what is wrong with %s in the server's words", async (_, answer, messages) => {
    fakeAdminApi({ 'POST /admin/import-preview/students': answer });
    renderImport();

    await chooseAndPreview();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be checked');
    for (const message of messages) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('says when the job of the address is not found', async () => {
    fakeAdminApi({
      'GET /admin/get-job/30000000-0000-4000-8000-000000000001': {
        status: 404,
        data: { success: false, message: PEOPLE_IMPORT_MESSAGES.jobNotFound },
      },
    });
    renderImport(`/admin/student/import?job=${JOB_ID}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(PEOPLE_IMPORT_MESSAGES.jobNotFound);
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeInTheDocument();
  });
});
