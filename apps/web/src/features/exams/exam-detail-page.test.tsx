import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { EXAM_ID, makeExamDetail } from '@/test/exam-fixtures';
import { captureSavedFiles } from '@/test/saved-files';
import ExamDetailPage from './exam-detail-page';

const GET = `GET /admin/get-exam/${EXAM_ID}`;
const EXPORT = `GET /admin/export-exam-questions/${EXAM_ID}`;

function renderExam() {
  return renderPage(<ExamDetailPage />, '/admin/exam/:examId', [], `/admin/exam/${EXAM_ID}`);
}

async function exportGroup() {
  return screen.findByRole('group', { name: 'Export questions' });
}

describe('ExamDetailPage: Export questions', () => {
  it.each([
    ['Moodle GIFT', 'gift', 'EXM-0001-questions.gift'],
    ['Moodle XML', 'moodle-xml', 'EXM-0001-questions.xml'],
    ['QTI 3.0', 'qti', 'EXM-0001-questions.zip'],
  ])('saves the questions as %s', async (label, format, name) => {
    const file = new Blob(['::Q1:: Which structure is LIFO? {=Stack ~Queue}']);
    const requests = fakeAdminApi({
      [GET]: ok({ exam: makeExamDetail('AUTO', 'FULL') }),
      [EXPORT]: { status: 200, data: file },
    });
    const saved = captureSavedFiles();
    renderExam();

    await userEvent.click(within(await exportGroup()).getByRole('button', { name: label }));

    await waitFor(() => expect(saved).toEqual([{ name, file }]));
    expect(saved[0]?.file).toBe(file);
    expect(requests.find((request) => request.url.includes('export'))?.params).toEqual({ format });
  });

  it("says why the export failed in the server's words", async () => {
    fakeAdminApi({
      [GET]: ok({ exam: makeExamDetail('AUTO', 'FULL') }),
      [EXPORT]: { status: 404, data: { success: false, message: 'Exam not found' } },
    });
    renderExam();

    await userEvent.click(within(await exportGroup()).getByRole('button', { name: 'QTI 3.0' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Exam not found');
  });
});

describe('ExamDetailPage: the live monitor', () => {
  it('opens the monitor of a published proctored exam', async () => {
    fakeAdminApi({ [GET]: ok({ exam: makeExamDetail('PROCTORING', 'SCHEDULE_END') }) });
    renderExam();
    expect(await screen.findByRole('link', { name: 'Open monitor' })).toHaveAttribute(
      'href',
      `/admin/exam/exam-ui?examId=${EXAM_ID}`,
    );
  });

  it('has no monitor for an AUTO exam', async () => {
    fakeAdminApi({ [GET]: ok({ exam: makeExamDetail('AUTO', 'FULL') }) });
    renderExam();
    expect(await screen.findByRole('link', { name: 'Sittings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open monitor' })).not.toBeInTheDocument();
  });
});

describe('ExamDetailPage: Proctoring Rules', () => {
  it('shows a proctored exam’s thresholds and whether flags submit the attempt', async () => {
    const exam = makeExamDetail('PROCTORING', 'FULL');
    exam.proctoringThresholds = { warnAt: 2, flagAt: 4, autoSubmitAfterFlags: 3 };
    fakeAdminApi({ [GET]: ok({ exam }) });
    renderExam();

    const rules = await screen.findByRole('region', { name: 'Proctoring Rules' });
    expect(within(rules).getByText('Warning Threshold').nextSibling).toHaveTextContent(
      'From signal 2 of a kind',
    );
    expect(within(rules).getByText('Flag Threshold').nextSibling).toHaveTextContent(
      'From signal 4 of a kind',
    );
    expect(within(rules).getByText('Automatic Submission').nextSibling).toHaveTextContent(
      'After 3 flags',
    );
  });

  it('has none for an AUTO exam', async () => {
    fakeAdminApi({ [GET]: ok({ exam: makeExamDetail('AUTO', 'FULL') }) });
    renderExam();
    await screen.findByRole('region', { name: 'Audience' });
    expect(screen.queryByRole('region', { name: 'Proctoring Rules' })).not.toBeInTheDocument();
  });
});

describe('ExamDetailPage: End exam now', () => {
  const END = `POST /admin/end-exam-now/${EXAM_ID}`;
  const running = () => ({
    ...makeExamDetail('AUTO', 'SCHEDULE_END'),
    inProgressCount: 3,
    canEndNow: true,
  });

  it('asks with how many are still sitting, ends the exam and toasts', async () => {
    const success = vi.spyOn(toast, 'success');
    let exam = running();
    const requests = fakeAdminApi({
      [GET]: () => ok({ exam }),
      [END]: () => {
        exam = { ...exam, inProgressCount: 0, canEndNow: false };
        return {
          status: 200,
          data: {
            success: true,
            message: 'Exam ended: 3 attempts were submitted',
            data: { submitted: 3, scheduleDetails: exam.scheduleDetails },
          },
        };
      },
    });
    renderExam();

    await userEvent.click(await screen.findByRole('button', { name: 'End exam now' }));
    const dialog = screen.getByRole('dialog', { name: 'End Exam Now' });
    expect(dialog).toHaveTextContent(
      '3 students are still sitting. Their answers will be submitted as saved.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'End exam now' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Exam ended: 3 attempts were submitted');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End exam now' })).not.toBeInTheDocument(),
    );
  });

  it('is not offered for an exam that is not running', async () => {
    fakeAdminApi({ [GET]: ok({ exam: makeExamDetail('AUTO', 'SCHEDULE_END') }) });
    renderExam();
    expect(await screen.findByRole('button', { name: 'Change End Time' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End exam now' })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    fakeAdminApi({
      [GET]: ok({ exam: running() }),
      [END]: { status: 409, data: { success: false, message: 'This exam has already ended' } },
    });
    renderExam();

    await userEvent.click(await screen.findByRole('button', { name: 'End exam now' }));
    const dialog = screen.getByRole('dialog', { name: 'End Exam Now' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End exam now' }));
    expect(await within(dialog).findByText('This exam has already ended')).toBeInTheDocument();
  });
});
