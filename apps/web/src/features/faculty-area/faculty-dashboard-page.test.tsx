import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import FacultyDashboardPage from './faculty-dashboard-page';
import { EXAM_ID, makeFacultyExam } from './test-fixtures';

const GET = 'GET /faculty/get-my-exams';

describe('FacultyDashboardPage', () => {
  it('lists each exam with its result status, marking progress and a way to grade it', async () => {
    fakeAdminApi({
      [GET]: ok({
        exams: [
          makeFacultyExam(),
          makeFacultyExam({
            _id: '50000000-0000-4000-8000-000000000002',
            examTitle: 'Algorithms Final',
            roles: ['PROCTOR'],
            resultStatus: 'Published',
            gradingProgress: { marked: 0, total: 0 },
          }),
        ],
      }),
    });
    renderPage(<FacultyDashboardPage />, '/faculty');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Faculty Dashboard' }),
    ).toBeInTheDocument();
    const graded = await screen.findByRole('article', { name: 'Data Structures Mid-term' });
    expect(within(graded).getByText('Evaluating')).toBeInTheDocument();
    expect(within(graded).getByText('Evaluator')).toBeInTheDocument();
    expect(within(graded).getByRole('progressbar', { name: 'Written answers' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 8 marked',
    );
    expect(
      within(graded).getByRole('link', { name: 'Grade Data Structures Mid-term' }),
    ).toHaveAttribute('href', `/faculty/grade/${EXAM_ID}`);

    const proctored = screen.getByRole('article', { name: 'Algorithms Final' });
    expect(within(proctored).getByText('Published')).toBeInTheDocument();
    expect(within(proctored).getByText('Nothing to mark')).toBeInTheDocument();
    expect(within(proctored).queryByRole('link')).not.toBeInTheDocument();
    expect(within(proctored).getByText(/chose other evaluators/)).toBeInTheDocument();
  });

  it('opens the live monitor of a proctored exam the member proctors', async () => {
    const proctored = {
      examMode: 'PROCTORING' as const,
      scheduleDetails: {
        examDate: '2030-03-14',
        startTime: '09:30',
        endTime: '11:00',
        bufferTime: { beforeExam: 15, afterExam: 0 },
      },
    };
    fakeAdminApi({
      [GET]: ok({
        exams: [
          makeFacultyExam({ ...proctored, roles: ['PROCTOR'] }),
          makeFacultyExam({
            ...proctored,
            _id: '50000000-0000-4000-8000-000000000002',
            examTitle: 'Algorithms Final',
            roles: ['PROCTOR', 'EVALUATOR'],
          }),
        ],
      }),
    });
    renderPage(<FacultyDashboardPage />, '/faculty');

    const proctorOnly = await screen.findByRole('article', { name: 'Data Structures Mid-term' });
    expect(
      within(proctorOnly).getByRole('link', {
        name: 'Open the monitor of Data Structures Mid-term',
      }),
    ).toHaveAttribute('href', `/faculty/exams/${EXAM_ID}/monitor`);
    const both = screen.getByRole('article', { name: 'Algorithms Final' });
    expect(
      within(both)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Open monitor', 'Grade']);
  });

  it('says when there is no exam yet', async () => {
    fakeAdminApi({ [GET]: ok({ exams: [] }) });
    renderPage(<FacultyDashboardPage />, '/faculty');
    expect(await screen.findByText('No exams yet')).toBeInTheDocument();
  });

  it('offers to try again when the exams cannot be loaded', async () => {
    fakeAdminApi({});
    renderPage(<FacultyDashboardPage />, '/faculty');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your exams');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
