import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { examListData, makeExam } from '@/test/exam-list-fixtures';
import ExamPage from './exam-page';

describe('ExamPage', () => {
  it('keeps its actions and shows the exam table below them', async () => {
    fakeAdminApi({ 'GET /admin/get-all-exam': ok(examListData([makeExam()])) });
    renderPage(<ExamPage />, '/admin/exam');

    expect(screen.getByRole('heading', { level: 1, name: 'Exams' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Exams' })).toHaveAttribute(
      'href',
      '/admin/exam/all-exam',
    );
    // The proctored exams to watch now; the spec's sample monitor is a demonstration from there.
    expect(screen.getByRole('link', { name: 'Live Proctoring' })).toHaveAttribute(
      'href',
      '/admin/exam/live-proctoring',
    );
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/admin/exam/create-exam',
    );
    expect(await screen.findByText('Data Structures Mid-term')).toBeInTheDocument();
    expect(screen.getByText('1 to 1 of 1 exams')).toBeInTheDocument();
  });
});
