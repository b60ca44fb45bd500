import type { ProctoredExamNow } from '@examiq/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import ProctoredExamsPage from './proctored-exams-page';

function makeExamNow(overrides: Partial<ProctoredExamNow> = {}): ProctoredExamNow {
  return {
    _id: 'exam-1',
    examId: 'EXM-0001',
    examTitle: 'Physics Final',
    subject: 'Physics',
    scheduleDetails: {
      examDate: '2030-03-14',
      startTime: '09:30',
      endTime: '11:00',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    startsInMs: 0,
    remainingMs: 60 * 60_000,
    totalStudents: 40,
    sitting: 3,
    ...overrides,
  };
}

function renderList(exams: ProctoredExamNow[]) {
  fakeAdminApi({ 'GET /admin/get-proctored-exams-now': ok({ exams }) });
  renderPage(<ProctoredExamsPage />, '/admin/exam/live-proctoring');
}

describe('ProctoredExamsPage', () => {
  it('lists the exams open now and those opening soon, each opening its real monitor', async () => {
    renderList([
      makeExamNow(),
      makeExamNow({
        _id: 'exam-2',
        examId: 'EXM-0002',
        examTitle: 'Chemistry Final',
        startsInMs: 45 * 60_000,
        sitting: 0,
        totalStudents: 1,
      }),
    ]);

    const open = await screen.findByRole('region', { name: 'Open now' });
    expect(within(open).getByRole('heading', { level: 3, name: 'Physics Final' })).toBeVisible();
    expect(within(open).getByText('3 of 40 students sitting')).toBeVisible();
    expect(within(open).getByText('2030-03-14 at 09:30')).toBeVisible();
    expect(
      within(open).getByRole('link', { name: 'Open the monitor of Physics Final' }),
    ).toHaveAttribute('href', '/admin/exam/exam-ui?examId=exam-1');

    const soon = screen.getByRole('region', { name: 'Opening soon' });
    expect(within(soon).getByText('1 student')).toBeVisible();
    expect(
      within(soon).getByRole('link', { name: 'Open the monitor of Chemistry Final' }),
    ).toHaveAttribute('href', '/admin/exam/exam-ui?examId=exam-2');

    expect(screen.getByRole('link', { name: 'See a demonstration' })).toHaveAttribute(
      'href',
      '/admin/exam/exam-ui',
    );
  });

  it('says when no proctored exam is open or about to open', async () => {
    renderList([]);

    expect(await screen.findByText('No proctored exam is open or about to open')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Open now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See a demonstration' })).toBeVisible();
  });
});
