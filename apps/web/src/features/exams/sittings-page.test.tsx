import type { Sitting, SittingsData } from '@examiq/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { examListData, makeExam } from '@/test/exam-list-fixtures';
import { makePagination } from '@/test/people-fixtures';
import AllExamPage from './all-exam-page';
import { SITTINGS_REFRESH_MS } from './api/get-exam-attempts';
import { formatMoment } from './sittings-format';
import SittingsPage from './sittings-page';

const EXAM_ID = '30000000-0000-4000-8000-000000000001';
const ATTEMPTS = `GET /admin/get-exam-attempts/${EXAM_ID}`;
const PATH = '/admin/exam/:examId/sittings';
const ENTRY = `/admin/exam/${EXAM_ID}/sittings`;

const exam: SittingsData['exam'] = {
  _id: EXAM_ID,
  examId: 'EXM-0001',
  examTitle: 'Data Structures Mid-term',
  subject: 'Data Structures',
  examMode: 'PROCTORING',
  duration: 90,
  scheduleDetails: {
    examDate: '2030-03-14',
    startTime: '09:30',
    endTime: '11:00',
    bufferTime: { beforeExam: 0, afterExam: 0 },
  },
};

function makeSitting(number: number, firstName: string, overrides: Partial<Sitting> = {}): Sitting {
  return {
    student: {
      _id: `10000000-0000-4000-8000-00000000000${number}`,
      studentId: `STU-000${number}`,
      rollNumber: `CSE-24-00${number}`,
      firstName,
      lastName: 'Patel',
      email: `${firstName.toLowerCase()}@example.edu`,
      section: 'CSE · A',
    },
    status: 'NOT_STARTED',
    attemptId: null,
    startedAt: null,
    submittedAt: null,
    deadlineAt: null,
    lastSeenAt: null,
    answersSaved: 0,
    totalQuestions: 20,
    extraMinutes: 0,
    ...overrides,
  };
}

const started = '2030-03-14T04:01:00.000Z';
const deadline = '2030-03-14T05:31:00.000Z';

const notStarted = makeSitting(1, 'Asha');
const sitting = makeSitting(2, 'Ravi', {
  status: 'IN_PROGRESS',
  attemptId: '40000000-0000-4000-8000-000000000002',
  startedAt: started,
  deadlineAt: deadline,
  answersSaved: 7,
  extraMinutes: 15,
});
const submitted = makeSitting(3, 'Meera', {
  status: 'SUBMITTED',
  attemptId: '40000000-0000-4000-8000-000000000003',
  startedAt: started,
  submittedAt: '2030-03-14T05:02:00.000Z',
  deadlineAt: deadline,
  answersSaved: 12,
});
const byDeadline = makeSitting(4, 'Kiran', {
  status: 'SUBMITTED_BY_DEADLINE',
  attemptId: '40000000-0000-4000-8000-000000000004',
  startedAt: started,
  submittedAt: deadline,
  deadlineAt: deadline,
  answersSaved: 3,
});

function attemptsAnswer(attempts: Sitting[], page = 1, total = attempts.length) {
  return ok({ exam, attempts, audienceSections: [], pagination: makePagination(page, total) });
}

function renderSittings(entry = ENTRY) {
  return renderPage(<SittingsPage />, PATH, [], entry);
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('SittingsPage', () => {
  it('shows the exam and every student with their status, times, answers and extra time', async () => {
    const requests = fakeAdminApi({
      [ATTEMPTS]: attemptsAnswer([notStarted, sitting, submitted, byDeadline]),
    });
    renderSittings();

    expect(screen.getByRole('heading', { level: 1, name: 'Sittings' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    const summary = await screen.findByRole('region', { name: 'Exam' });
    expect(
      within(summary).getByRole('heading', { name: 'Data Structures Mid-term' }),
    ).toBeInTheDocument();
    expect(summary).toHaveTextContent('EXM-0001');
    expect(summary).toHaveTextContent('SubjectData Structures');
    expect(within(summary).getByText('Proctoring')).toHaveClass('text-violet-700');
    expect(summary).toHaveTextContent('Schedule2030-03-14 at 09:30');
    expect(summary).toHaveTextContent('Duration90 min');

    const waiting = await rowOf('Asha Patel');
    expect(within(waiting).getByText('CSE-24-001 · STU-0001')).toBeInTheDocument();
    expect(within(waiting).getByText('Not started')).toHaveClass('text-amber-800');
    // Started, Submitted (both on wide screens only) and Deadline.
    expect(within(waiting).getAllByText('Not yet')).toHaveLength(3);
    expect(within(waiting).getByText('Not seen')).toBeInTheDocument();
    expect(within(waiting).getByText('None')).toBeInTheDocument();

    const writing = await rowOf('Ravi Patel');
    expect(within(writing).getByText('In progress')).toHaveClass('text-blue-700');
    // Under the status on laptops, in its own column on wide screens.
    expect(within(writing).getByText(`Started ${formatMoment(started)}`)).toBeInTheDocument();
    expect(within(writing).getAllByText(formatMoment(started))).toHaveLength(1);
    expect(within(writing).getByText(formatMoment(deadline))).toBeInTheDocument();
    expect(within(writing).getByText('7 of 20')).toBeInTheDocument();
    expect(within(writing).getByText('15 min')).toBeInTheDocument();

    expect(within(await rowOf('Meera Patel')).getByText('Submitted')).toHaveClass('text-green-700');
    expect(within(await rowOf('Kiran Patel')).getByText('Submitted by the deadline')).toHaveClass(
      'text-violet-700',
    );
    expect(screen.getByText('1 to 4 of 4 students')).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ page: 1, limit: 10, search: undefined });
  });

  it('tells how long ago a student was last seen, with the moment in its title', async () => {
    const now = Date.now();
    const seen = new Date(now - 2 * 60_000 - 5_000).toISOString();
    fakeAdminApi({
      [ATTEMPTS]: attemptsAnswer([
        { ...sitting, lastSeenAt: seen },
        { ...submitted, lastSeenAt: new Date(now - 3 * 3_600_000).toISOString() },
        { ...byDeadline, lastSeenAt: new Date(now + 5_000).toISOString() },
      ]),
    });
    renderSittings();

    const lastSeen = within(await rowOf('Ravi Patel')).getByText('2 min ago');
    expect(lastSeen).toHaveAttribute('title', formatMoment(seen));
    expect(within(await rowOf('Meera Patel')).getByText('3 hr ago')).toBeInTheDocument();
    // A server clock a little ahead of the browser's.
    expect(within(await rowOf('Kiran Patel')).getByText('just now')).toBeInTheDocument();
  });

  it('reads the sittings again every 15 seconds while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answersSaved = 7;
    const requests = fakeAdminApi({
      [ATTEMPTS]: () => attemptsAnswer([{ ...sitting, answersSaved }]),
    });
    renderSittings();

    const row = await rowOf('Ravi Patel');
    expect(within(row).getByText('7 of 20')).toBeInTheDocument();
    answersSaved = 9;
    await act(() => vi.advanceTimersByTimeAsync(SITTINGS_REFRESH_MS));

    await waitFor(() => expect(within(row).getByText('9 of 20')).toBeInTheDocument());
    expect(requests).toHaveLength(2);
  });

  it('searches as the admin types, once typing pauses, and keeps the search in the address', async () => {
    const requests = fakeAdminApi({
      [ATTEMPTS]: (request: ApiRequest) =>
        attemptsAnswer(request.params?.search === 'ravi' ? [sitting] : [notStarted, sitting]),
    });
    const { router } = renderSittings(`${ENTRY}?page=2`);
    await rowOf('Asha Patel');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search students' }), ' ravi ');

    await waitFor(() => expect(screen.queryByText('Asha Patel')).not.toBeInTheDocument());
    // One read for the page, one for the search: none per letter.
    expect(requests).toHaveLength(2);
    // A new search starts at the first page.
    expect(requests[1]?.params).toEqual({ page: 1, limit: 10, search: 'ravi' });
    expect(router.state.location.search).toBe('?search=ravi');
    expect(screen.getByRole('searchbox')).toHaveValue(' ravi ');

    await userEvent.clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Asha Patel')).toBeInTheDocument();
  });

  it('names each student’s section and narrows the list to one section of the audience', async () => {
    const ECE_A = '20000000-0000-4000-8000-00000000000e';
    const fromEce = makeSitting(5, 'Divya');
    fromEce.student.section = 'ECE · A';
    const requests = fakeAdminApi({
      [ATTEMPTS]: (request: ApiRequest) =>
        ok({
          exam,
          attempts: request.params?.section === ECE_A ? [fromEce] : [notStarted, fromEce],
          audienceSections: [
            { _id: '20000000-0000-4000-8000-00000000000c', label: 'CSE · A' },
            { _id: ECE_A, label: 'ECE · A' },
          ],
          pagination: makePagination(1, request.params?.section === ECE_A ? 1 : 2),
        }),
    });
    const { router } = renderSittings();
    expect(within(await rowOf('Asha Patel')).getByText('CSE · A')).toBeInTheDocument();
    expect(within(await rowOf('Divya Patel')).getByText('ECE · A')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Student section'), 'ECE · A');

    await waitFor(() => expect(screen.queryByText('Asha Patel')).not.toBeInTheDocument());
    expect(requests.at(-1)?.params).toMatchObject({ page: 1, section: ECE_A });
    expect(router.state.location.search).toBe(`?section=${ECE_A}`);
  });

  it('searches at once on Enter', async () => {
    const requests = fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([sitting]) });
    const { router } = renderSittings();
    await rowOf('Ravi Patel');

    await userEvent.type(screen.getByRole('searchbox'), 'CSE-24-002{Enter}');

    expect(router.state.location.search).toBe('?search=CSE-24-002');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.params).toMatchObject({ search: 'CSE-24-002' });
  });

  it('opens on the search and page named in the address, and pages within the search', async () => {
    const requests = fakeAdminApi({
      [ATTEMPTS]: (request: ApiRequest) =>
        attemptsAnswer(
          [request.params?.page === 2 ? sitting : notStarted],
          Number(request.params?.page),
          12,
        ),
    });
    const { router } = renderSittings(`${ENTRY}?search=patel&page=2`);

    expect(await screen.findByText('11 to 12 of 12 students')).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ page: 2, limit: 10, search: 'patel' });
    expect(screen.getByRole('searchbox')).toHaveValue('patel');

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Asha Patel')).toBeInTheDocument();
    expect(requests.at(-1)?.params).toEqual({ page: 1, limit: 10, search: 'patel' });
    expect(router.state.location.search).toBe('?search=patel');
  });

  it('shows the search the address names after Back', async () => {
    fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([sitting]) });
    const { router } = renderSittings(`${ENTRY}?search=ravi`);
    await rowOf('Ravi Patel');

    await act(() => router.navigate(`${ENTRY}?search=asha`));

    expect(screen.getByRole('searchbox')).toHaveValue('asha');
  });

  it.each([
    {
      entry: ENTRY,
      title: 'No students yet',
      description: 'The sections this exam is for have no students.',
    },
    {
      entry: `${ENTRY}?search=zoya`,
      title: 'No students found',
      description: 'No student of this exam matches “zoya”.',
    },
  ])('shows the empty state: $title', async ({ entry, title, description }) => {
    fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([]) });
    renderSittings(entry);

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByText(/of 0 students/)).not.toBeInTheDocument();
  });

  it("shows a red banner with the server's message when the sittings cannot be read", async () => {
    let fail = true;
    fakeAdminApi({
      [ATTEMPTS]: () =>
        fail
          ? { status: 404, data: { success: false, message: 'Exam not found' } }
          : attemptsAnswer([sitting]),
    });
    renderSittings();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to fetch sittings');
    expect(banner).toHaveTextContent('Exam not found');
    expect(screen.getByText('Sittings could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Exam' })).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ravi Patel')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is opened from the exam list and goes back to the page of it the admin came from', async () => {
    fakeAdminApi({
      'GET /admin/get-all-exam': ok(examListData([makeExam()], 2, 12)),
      [ATTEMPTS]: attemptsAnswer([sitting]),
    });
    const { router } = renderPage(
      <AllExamPage />,
      '/admin/exam/all-exam',
      [{ path: PATH, element: <SittingsPage /> }],
      '/admin/exam/all-exam?page=2',
    );

    await userEvent.click(
      await screen.findByRole('link', { name: 'Sittings of Data Structures Mid-term' }),
    );

    expect(router.state.location.pathname).toBe(ENTRY);
    expect(await screen.findByText('Ravi Patel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Exams' })).toHaveAttribute(
      'href',
      '/admin/exam/all-exam?page=2',
    );
  });

  it('goes back to All Exams when opened from a link', () => {
    fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([]) });
    renderSittings();

    expect(screen.getByRole('link', { name: 'Back to Exams' })).toHaveAttribute(
      'href',
      '/admin/exam/all-exam',
    );
  });
});
