import type { QuestionStatistic, RegradeData } from '@examiq/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { RegradeDialog } from './regrade-dialog';

const EXAM = '40000000-0000-4000-8000-000000000001';
const QUESTION = '50000000-0000-4000-8000-000000000001';
const REGRADE = `POST /admin/regrade-question/${EXAM}`;

const question: QuestionStatistic = {
  questionId: QUESTION,
  sectionName: 'Select all that apply',
  position: 1,
  questionText: 'Which of these sorts are stable?',
  questionType: 'MULTI_SELECT',
  marks: 3,
  answered: 2,
  correctRate: 0.5,
  discrimination: null,
  flag: null,
  options: ['Merge sort', 'Quicksort', 'Insertion sort'].map((text, index) => ({
    _id: String(index),
    text,
  })),
  correctOptionId: null,
  correctOptionIds: ['0', '2'],
  numericAnswers: null,
  answerUnit: null,
  optionChoices: [2, 1, 1],
  commonValues: null,
  blanks: null,
  prompts: null,
  matchChoices: null,
  correctMatches: null,
  items: null,
  correctOrder: null,
  partsRight: null,
};

const numerical: QuestionStatistic = {
  ...question,
  questionType: 'NUMERICAL',
  questionText: 'What current flows?',
  options: null,
  correctOptionIds: null,
  optionChoices: null,
  numericAnswers: [{ value: 0.012, tolerance: 2, toleranceType: 'PERCENT', fraction: 1 }],
  answerUnit: 'A',
  commonValues: [{ value: '12 mA', count: 2, awardedMarks: 4 }],
};

function renderDialog(statistic: QuestionStatistic) {
  renderPage(
    <RegradeDialog
      examId={EXAM}
      question={statistic}
      job={undefined}
      onApplied={vi.fn()}
      onClose={vi.fn()}
    />,
  );
}

const nothingChanges: RegradeData = { changes: [], attemptsAffected: 0, passChanges: 0, job: null };

describe('RegradeDialog: a multiple select question', () => {
  it('offers each option as a checkbox, starts from nothing, and previews the options chosen', async () => {
    const requests = fakeAdminApi({ [REGRADE]: ok(nothingChanges) });
    renderDialog(question);
    const group = await screen.findByRole('group', { name: 'Correct options' });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(group).toHaveTextContent('Key now');
    const previewButton = screen.getByRole('button', { name: 'Preview' });
    expect(previewButton).toBeDisabled();

    // The key as it stands is no correction.
    await userEvent.click(screen.getByRole('checkbox', { name: /^Insertion sort/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Merge sort/ }));
    expect(previewButton).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Insertion sort/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Quicksort' }));
    await userEvent.click(previewButton);

    expect(await screen.findByText(/No result changes/)).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/admin/regrade'))?.data).toEqual({
      questionId: QUESTION,
      correctOptionIds: ['0', '1'],
      dryRun: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    expect(
      screen.getByText(/Options A and B become the correct answers to this question/),
    ).toBeInTheDocument();
  });
});

describe('RegradeDialog: a numerical question', () => {
  it('edits the accepted answers in force, checks them as the server does, and previews them', async () => {
    const requests = fakeAdminApi({ [REGRADE]: ok(nothingChanges) });
    renderDialog(numerical);
    const value = await screen.findByRole('textbox', { name: 'Value' });
    expect(value).toHaveValue('0.012');
    const previewButton = screen.getByRole('button', { name: 'Preview' });
    expect(previewButton).toBeDisabled();

    await userEvent.clear(value);
    await userEvent.click(previewButton);
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.startsWith('/admin/regrade'))).toEqual([]);

    await userEvent.type(value, '0,12');
    await userEvent.click(screen.getByRole('button', { name: 'Add accepted answer' }));
    const [, second] = screen.getAllByRole('textbox', { name: 'Value' });
    await userEvent.type(second as HTMLElement, '12');
    const [, secondFraction] = screen.getAllByRole('textbox', { name: 'Fraction' });
    await userEvent.clear(secondFraction as HTMLElement);
    await userEvent.type(secondFraction as HTMLElement, '0.5');
    await userEvent.click(previewButton);

    expect(await screen.findByText(/No result changes/)).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/admin/regrade'))?.data).toEqual({
      questionId: QUESTION,
      numericAnswers: [
        { value: 0.12, tolerance: 2, toleranceType: 'PERCENT', fraction: 1 },
        { value: 12, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 0.5 },
      ],
      dryRun: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    expect(
      screen.getByText(/The accepted answers become 0.12 ± 2% A; 12 A \(50%\) to this question/),
    ).toBeInTheDocument();
  });
});
