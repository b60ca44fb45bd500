import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { cascadeLookups, fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { examListData, makeExam } from '@/test/exam-list-fixtures';
import { ids } from '@/test/master-data-fixtures';
import AllExamPage from './all-exam-page';

const midterm = makeExam();
const quiz = makeExam({
  _id: '30000000-0000-4000-8000-000000000002',
  examId: 'EXM-0002',
  examTitle: 'Algorithms Quiz',
  subject: 'Algorithms',
  examMode: 'AUTO',
  examStatus: 'PUBLISH',
  totalMarks: 50,
  passingMarks: 20,
  duration: 45,
  scheduleDetails: {
    startDate: '2030-04-01',
    endDate: '2030-04-03',
    bufferTime: { beforeExam: 0, afterExam: 0 },
  },
  assignedFacultyIds: [],
});
const unscheduled = makeExam({
  _id: '30000000-0000-4000-8000-000000000003',
  examId: 'EXM-0003',
  examTitle: 'Networks Practice',
  scheduleDetails: { bufferTime: { beforeExam: 0, afterExam: 0 } },
});

const rowOf = async (title: string) =>
  (await screen.findByText(title)).closest('tr') as HTMLElement;

function renderList(entry = '/admin/exam/all-exam') {
  return renderPage(<AllExamPage />, '/admin/exam/all-exam', [], entry);
}

type Answer = Parameters<typeof fakeAdminApi>[0][string];

/** The exam list's answer, and the batches its Batch filter offers. */
function listApi(answer: Answer) {
  return fakeAdminApi({
    ...cascadeLookups(),
    'GET /admin/get-all-exam': answer,
  });
}

/** What each call of the list asked for, in order. */
const listCalls = (requests: ApiRequest[]) =>
  requests.filter((request) => request.url === '/admin/get-all-exam').map(({ params }) => params);

describe('AllExamPage', () => {
  it('lists the exams with every column and the footer', async () => {
    const requests = listApi(ok(examListData([midterm, quiz, unscheduled])));
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'All Exams' })).toBeInTheDocument();
    const row = await rowOf('Data Structures Mid-term');
    expect(within(row).getByText('EXM-0001')).toBeInTheDocument();
    expect(within(row).getByText('Data Structures')).toBeInTheDocument();
    expect(within(row).getByText('Proctoring')).toHaveClass('text-violet-700');
    expect(within(row).getByText('Draft')).toHaveClass('text-amber-800');
    expect(within(row).getByText('10')).toBeInTheDocument();
    expect(within(row).getByText('4 to pass')).toBeInTheDocument();
    // In its own column on wide screens, under the schedule on smaller ones.
    expect(within(row).getAllByText('90 min')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Faculty Count' })).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('2030-03-14 at 09:30')).toBeInTheDocument();

    const autoRow = await rowOf('Algorithms Quiz');
    expect(within(autoRow).getByText('Auto')).toHaveClass('text-sky-700');
    expect(within(autoRow).getByText('Published')).toHaveClass('text-green-700');
    expect(within(autoRow).getByText('2030-04-01 - 2030-04-03')).toBeInTheDocument();
    expect(within(autoRow).getByText('0')).toBeInTheDocument();
    expect(within(await rowOf('Networks Practice')).getByText('Not scheduled')).toBeInTheDocument();

    expect(screen.getByText('1 to 3 of 3 exams')).toBeInTheDocument();
    expect(listCalls(requests)[0]).toEqual({ page: 1, limit: 10 });
  });

  it('links Create to the exam wizard', () => {
    listApi(ok(examListData([])));
    renderList();

    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/admin/exam/create-exam',
    );
  });

  it('shows 10 skeleton rows while the exams load', () => {
    listApi(() => new Promise(() => {}));
    renderList();

    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getByRole('table', { name: 'Exams' })).toHaveAttribute('aria-busy', 'true');
  });

  it('pages through the list and keeps the page in the address', async () => {
    const requests = listApi((request) =>
      ok(
        examListData(
          [request.params?.page === 1 ? midterm : quiz],
          Number(request.params?.page),
          12,
        ),
      ),
    );
    const { router } = renderList();

    expect(await screen.findByText('1 to 10 of 12 exams')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('11 to 12 of 12 exams')).toBeInTheDocument();
    expect(screen.getByText('Algorithms Quiz')).toBeInTheDocument();
    expect(listCalls(requests).at(-1)).toEqual({ page: 2, limit: 10 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('opens on the page named in the address', async () => {
    const requests = listApi(ok(examListData([quiz], 2, 12)));
    renderList('/admin/exam/all-exam?page=2');

    expect(await screen.findByText('11 to 12 of 12 exams')).toBeInTheDocument();
    expect(listCalls(requests)[0]).toEqual({ page: 2, limit: 10 });
  });

  it('shows the empty state when there are no exams', async () => {
    listApi(ok(examListData([])));
    renderList();

    expect(await screen.findByText('No exams yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first exam to see it here.')).toBeInTheDocument();
    expect(screen.queryByText(/of 0 exams/)).not.toBeInTheDocument();
  });

  it.each([
    {
      case: "and the server's message",
      answer: { status: 403, data: { success: false, message: 'Admins only' } },
      banner: 'Failed to fetch examsAdmins only',
    },
    {
      // A body that breaks the contract: not retried, unlike a 5xx, and it carries no message.
      case: 'alone when the server gives no message',
      answer: { status: 200, data: { success: true, data: { exams: null } } },
      banner: 'Failed to fetch exams',
    },
  ])("shows a red banner with 'Failed to fetch exams' $case", async ({ answer, banner: text }) => {
    listApi(answer);
    renderList();

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(banner).toHaveTextContent(`${text}Try again`, { normalizeWhitespace: true });
    expect(screen.getByText('Exams could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No exams yet')).not.toBeInTheDocument();
  });

  it('links each exam to its sittings', async () => {
    listApi(ok(examListData([midterm, quiz])));
    renderList();

    expect(
      await screen.findByRole('link', { name: 'Sittings of Data Structures Mid-term' }),
    ).toHaveAttribute('href', `/admin/exam/${midterm._id}/sittings`);
    expect(screen.getByRole('link', { name: 'Sittings of Algorithms Quiz' })).toHaveAttribute(
      'href',
      `/admin/exam/${quiz._id}/sittings`,
    );
  });

  it("opens each exam's page from its view button", async () => {
    listApi(ok(examListData([midterm])));
    renderList();

    expect(
      await screen.findByRole('link', { name: 'View Data Structures Mid-term' }),
    ).toHaveAttribute('href', `/admin/exam/${midterm._id}`);
  });

  it('asks for the search, filters, sort and page size its address holds', async () => {
    const requests = listApi(ok(examListData([quiz])));
    renderList(
      `/admin/exam/all-exam?search=algo&mode=AUTO&status=PUBLISH&batch=${ids.batch1}&sort=schedule&order=desc&limit=25&page=2`,
    );

    await rowOf('Algorithms Quiz');
    expect(listCalls(requests)).toEqual([
      {
        page: 2,
        limit: 25,
        search: 'algo',
        mode: 'AUTO',
        status: 'PUBLISH',
        batch: ids.batch1,
        sort: 'schedule',
        order: 'desc',
      },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search exams' })).toHaveValue('algo');
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('AUTO');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PUBLISH');
    expect(
      await screen.findByRole('option', { name: '2024-2028', selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
    expect(screen.getByRole('button', { name: 'Schedule, sorted descending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exam, sort' })).toBeInTheDocument();
  });

  it('falls back to the default view for a sort or page size the list does not offer', async () => {
    const requests = listApi(ok(examListData([midterm])));
    renderList('/admin/exam/all-exam?sort=duration&limit=7');

    await rowOf('Data Structures Mid-term');
    expect(listCalls(requests)).toEqual([{ page: 1, limit: 10 }]);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
  });

  it('keeps each new search, filter, sort and page size in the address, from the first page', async () => {
    const requests = listApi(ok(examListData([midterm, quiz])));
    const { router } = renderList('/admin/exam/all-exam?page=3');
    await rowOf('Data Structures Mid-term');
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search exams' }), 'struct{Enter}');
    await waitFor(() => expect(address()).toEqual({ search: 'struct' }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'Proctoring');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Batch' }),
      '2025-2029',
    );
    expect(address()).toEqual({
      search: 'struct',
      mode: 'PROCTORING',
      status: 'DRAFT',
      batch: ids.batch2,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Exam, sort' }));
    expect(address()).toMatchObject({ sort: 'title', order: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Exam, sorted ascending' }));
    expect(address()).toMatchObject({ sort: 'title', order: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule, sort' }));
    expect(address()).toMatchObject({ sort: 'schedule', order: 'asc' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(address()).toMatchObject({ limit: '50' });
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toEqual({
        page: 1,
        limit: 50,
        search: 'struct',
        mode: 'PROCTORING',
        status: 'DRAFT',
        batch: ids.batch2,
        sort: 'schedule',
        order: 'asc',
      }),
    );

    // Choosing All again takes the filter out of the address and the call.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'All');
    expect(address().mode).toBeUndefined();
    await waitFor(() => expect(listCalls(requests).at(-1)).not.toHaveProperty('mode'));
  });

  it('restores the view of an earlier address on Back', async () => {
    listApi((request) =>
      ok(examListData(request.params?.mode === 'AUTO' ? [quiz] : [midterm, quiz])),
    );
    const { router } = renderList('/admin/exam/all-exam?mode=AUTO&search=algo');
    await rowOf('Algorithms Quiz');

    await router.navigate('/admin/exam/all-exam');
    expect(await rowOf('Data Structures Mid-term')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search exams' })).toHaveValue('');

    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.queryByText('Data Structures Mid-term')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('AUTO');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search exams' })).toHaveValue('algo'),
    );
  });

  it('says nothing matches when a search or filter finds no exam', async () => {
    listApi(ok(examListData([])));
    renderList('/admin/exam/all-exam?status=DRAFT');

    expect(await screen.findByText('No exams found')).toBeInTheDocument();
    expect(screen.getByText('No exam matches this search and these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No exams yet')).not.toBeInTheDocument();
  });
});
