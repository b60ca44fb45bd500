import type { ExamResult, ExamResultsData } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { captureSavedFiles, fileAnswer } from '@/test/saved-files';
import ExamResultsPage from './exam-results-page';

const EXAM = '40000000-0000-4000-8000-000000000001';
const GET = `GET /admin/get-exam-results/${EXAM}`;

function result(attemptId: string, firstName: string, flags: ExamResult['flags']): ExamResult {
  return {
    status: 'SUBMITTED',
    attemptId,
    attemptCode: 'AB12-CD34',
    student: {
      _id: `${attemptId}-student`,
      studentId: 'STU-2024-00001',
      rollNumber: `CS-${firstName}`,
      firstName,
      lastName: 'Patel',
      section: 'CSE · A',
    },
    submittedAt: '2030-03-14T11:00:00.000Z',
    sections: [],
    total: 6,
    toMark: 0,
    passed: true,
    flags,
  };
}

function resultsOf(examMode: 'AUTO' | 'PROCTORING'): ExamResultsData {
  return {
    exam: {
      _id: EXAM,
      examId: 'EXM-2030-00001',
      examTitle: 'Data Structures Mid-term',
      subject: 'Data Structures',
      examMode,
      totalMarks: 10,
      passingMarks: 4,
      scheduleDetails: {
        examDate: '2030-03-14',
        startTime: '09:30',
        endTime: '11:00',
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
      showAnswersAfterPublish: true,
      resultsPublishedAt: null,
    },
    resultStatus: 'Ready to Publish',
    sittingsOver: true,
    summary: {
      participants: 3,
      submitted: 3,
      absent: 0,
      average: 6,
      median: 6,
      highest: 6,
      lowest: 6,
      passRate: 1,
      answersToMark: 0,
    },
    results: [
      result('attempt-1', 'Asha', { pending: 2, dismissed: 0, confirmed: 1 }),
      result('attempt-2', 'Ravi', { pending: 0, dismissed: 1, confirmed: 0 }),
      result('attempt-3', 'Meena', { pending: 0, dismissed: 0, confirmed: 0 }),
    ],
    audienceSections: [],
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalCount: 3,
      hasNextPage: false,
      hasPreviousPage: false,
    },
  };
}

function renderResults(data: ExamResultsData) {
  fakeAdminApi({ [GET]: ok(data) });
  renderPage(<ExamResultsPage />, '/admin/exam/:examId/results', [], `/admin/exam/${EXAM}/results`);
}

const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) });

describe('ExamResultsPage: proctoring flags', () => {
  it('shows each result’s flags by review status, with a link to its timeline', async () => {
    renderResults(resultsOf('PROCTORING'));

    const asha = await rowOf('Asha Patel');
    expect(within(asha).getByText('2 flags pending')).toBeInTheDocument();
    expect(within(asha).getByText('1 flag confirmed')).toBeInTheDocument();
    expect(within(asha).getByRole('link', { name: 'Timeline of Asha Patel' })).toHaveAttribute(
      'href',
      `/admin/exam/${EXAM}/attempts/attempt-1/timeline`,
    );
    expect(within(await rowOf('Ravi Patel')).getByText('1 flag dismissed')).toBeInTheDocument();
    expect(within(await rowOf('Meena Patel')).getByText('No flags')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Flags' })).toBeInTheDocument();
  });

  it('has neither for an exam that is not proctored', async () => {
    renderResults(resultsOf('AUTO'));
    await rowOf('Asha Patel');
    expect(screen.queryByRole('columnheader', { name: 'Flags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Timeline of/ })).not.toBeInTheDocument();
  });
});

describe('ExamResultsPage: exports', () => {
  it('saves the results, and every answer, as CSV or XLSX named after the exam', async () => {
    const saved = captureSavedFiles();
    const requests = fakeAdminApi({
      [GET]: ok(resultsOf('AUTO')),
      [`GET /admin/export-exam-results/${EXAM}`]: fileAnswer('Student ID\r\n'),
      [`GET /admin/export-exam-answers/${EXAM}`]: fileAnswer('Student ID\r\n'),
    });
    renderPage(
      <ExamResultsPage />,
      '/admin/exam/:examId/results',
      [],
      `/admin/exam/${EXAM}/results`,
    );
    await rowOf('Asha Patel');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Export answers XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual([
      'EXM-2030-00001-results.csv',
      'EXM-2030-00001-answers.xlsx',
    ]);
    expect(
      requests
        .filter((request) => request.url.startsWith('/admin/export'))
        .map(({ url, params }) => [url, params]),
    ).toEqual([
      [`/admin/export-exam-results/${EXAM}`, { format: 'csv' }],
      [`/admin/export-exam-answers/${EXAM}`, { format: 'xlsx' }],
    ]);
  });
});

describe('ExamResultsPage: absent students', () => {
  it('lists a student who never started as Absent, with no marks and no timeline', async () => {
    const data = resultsOf('PROCTORING');
    const absent: ExamResult = {
      ...result('unused', 'Kiran', { pending: 0, dismissed: 0, confirmed: 0 }),
      status: 'ABSENT',
      attemptId: null,
      attemptCode: null,
      submittedAt: null,
      total: null,
      passed: null,
    };
    renderResults({
      ...data,
      summary: { ...data.summary, participants: 4, absent: 1 },
      results: [...data.results, absent],
    });

    const kiran = await rowOf('Kiran Patel');
    expect(within(kiran).getByText('Absent')).toBeInTheDocument();
    expect(within(kiran).getByText('No marks')).toBeInTheDocument();
    expect(within(kiran).queryByText(/Pass|Fail/)).not.toBeInTheDocument();
    expect(within(kiran).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Absent', { selector: 'dt' })).toBeInTheDocument();
  });
});

describe('ExamResultsPage: publishing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An AUTO exam of 14 March 2030, 09:00 to 17:00, still running at 10:00 that day. */
  function running(): ExamResultsData {
    const data = resultsOf('AUTO');
    return {
      ...data,
      exam: {
        ...data.exam,
        scheduleDetails: {
          startDate: '2030-03-14',
          endDate: '2030-03-14',
          startTime: '09:00',
          endTime: '17:00',
          bufferTime: { beforeExam: 0, afterExam: 0 },
        },
      },
      resultStatus: 'Evaluating',
      sittingsOver: false,
    };
  }

  it('offers Publish Results once publishing would be accepted', async () => {
    renderResults(resultsOf('AUTO'));
    expect(await screen.findByRole('button', { name: 'Publish Results' })).toBeInTheDocument();
  });

  it('says why and what to do while the exam runs, instead of offering Publish', async () => {
    vi.useFakeTimers({ now: new Date(2030, 2, 14, 10, 0), toFake: ['Date'] });
    renderResults(running());
    expect(
      await screen.findByText(
        'Results can be published once the exam has ended. End it now, or wait until 17:00.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish Results' })).not.toBeInTheDocument();
  });

  it('names the day an exam running over days closes', async () => {
    vi.useFakeTimers({ now: new Date(2030, 2, 14, 10, 0), toFake: ['Date'] });
    const data = running();
    const { startTime: _start, endTime: _end, ...days } = data.exam.scheduleDetails;
    renderResults({
      ...data,
      exam: { ...data.exam, scheduleDetails: { ...days, endDate: '2030-03-16' } },
    });
    expect(
      await screen.findByText(
        'Results can be published once the exam has ended. End it now, or wait until the end of 16 Mar 2030.',
      ),
    ).toBeInTheDocument();
  });

  it('says how many answers are still to be marked once every sitting is over', async () => {
    const data = resultsOf('AUTO');
    renderResults({
      ...data,
      resultStatus: 'Evaluating',
      summary: { ...data.summary, answersToMark: 3 },
    });
    expect(
      await screen.findByText(
        'Results can be published once every answer is marked: 3 answers are still to be marked.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish Results' })).not.toBeInTheDocument();
  });
});
