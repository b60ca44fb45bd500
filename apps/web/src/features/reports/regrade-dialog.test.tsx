import { type QuestionStatistic, RESULT_MESSAGES, type RegradeData } from '@examiq/contracts';
import { screen, within } from '@testing-library/react';
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
  given: 4,
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

const partsBase: QuestionStatistic = {
  ...question,
  options: null,
  correctOptionIds: null,
  optionChoices: null,
};

const fillIn: QuestionStatistic = {
  ...partsBase,
  questionType: 'FILL_IN_BLANKS',
  questionText: 'Resistance is measured in [[1]]; 3.3 kΩ passes [[2]] mA at 10.9 V.',
  blanks: [
    { accepted: ['ohms'], caseSensitive: false, tolerance: null },
    { accepted: ['3.3'], caseSensitive: false, tolerance: 0.1 },
  ],
};

const matching: QuestionStatistic = {
  ...partsBase,
  questionType: 'MATCHING',
  questionText: 'Match each quantity with its unit.',
  prompts: [
    { _id: 'p1', text: 'Current' },
    { _id: 'p2', text: 'Voltage' },
  ],
  matchChoices: [
    { _id: 'm1', text: 'ampere' },
    { _id: 'm2', text: 'volt' },
    { _id: 'm3', text: 'ohm' },
  ],
  correctMatches: { p1: 'm1', p2: 'm3' },
};

const ordering: QuestionStatistic = {
  ...partsBase,
  questionType: 'ORDERING',
  questionText: 'Put the phases of a compiler in order.',
  items: [
    { _id: 'i1', text: 'Lexing' },
    { _id: 'i2', text: 'Parsing' },
    { _id: 'i3', text: 'Code generation' },
  ],
  correctOrder: ['i2', 'i1', 'i3'],
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

describe('RegradeDialog: the preview', () => {
  it('says how many results change and how many students move, in agreement with each count', async () => {
    const preview = (attemptsAffected: number, passChanges: number): RegradeData => ({
      ...nothingChanges,
      attemptsAffected,
      passChanges,
    });
    fakeAdminApi({ [REGRADE]: ok(preview(2, 1)) });
    renderDialog(question);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Quicksort' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('2 results change; 1 student moves between pass and fail.'),
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

describe('RegradeDialog: a fill-in-the-blanks question', () => {
  it('edits each blank’s key in force, checks it as the server does, and previews it', async () => {
    const requests = fakeAdminApi({ [REGRADE]: ok(nothingChanges) });
    renderDialog(fillIn);
    const first = await screen.findByRole('group', { name: 'Blank 1' });
    const second = screen.getByRole('group', { name: 'Blank 2' });
    const firstAnswers = within(first).getByRole('textbox', { name: 'Accepted answers' });
    expect(firstAnswers).toHaveValue('ohms');
    expect(within(first).getByRole('textbox', { name: 'Tolerance' })).toHaveValue('');
    expect(within(first).getByRole('checkbox', { name: 'Case sensitive' })).not.toBeChecked();
    expect(within(second).getByRole('textbox', { name: 'Accepted answers' })).toHaveValue('3.3');
    expect(within(second).getByRole('textbox', { name: 'Tolerance' })).toHaveValue('0.1');
    const previewButton = screen.getByRole('button', { name: 'Preview' });
    expect(previewButton).toBeDisabled();

    // A blank with a tolerance takes numbers only, as the wizard says.
    await userEvent.type(
      within(second).getByRole('textbox', { name: 'Accepted answers' }),
      '\nabout 3',
    );
    await userEvent.click(previewButton);
    expect(
      await screen.findByText('A blank with a tolerance accepts numbers only'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.url.startsWith('/admin/regrade'))).toEqual([]);

    await userEvent.clear(within(second).getByRole('textbox', { name: 'Tolerance' }));
    await userEvent.type(firstAnswers, '\nohm\n\nΩ');
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Case sensitive' }));
    await userEvent.click(previewButton);

    expect(await screen.findByText(/No result changes/)).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/admin/regrade'))?.data).toEqual({
      questionId: QUESTION,
      blanks: [
        { accepted: ['ohms', 'ohm', 'Ω'], caseSensitive: true, tolerance: null },
        { accepted: ['3.3', 'about 3'], caseSensitive: false, tolerance: null },
      ],
      dryRun: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    expect(
      screen.getByText(/The blanks of this question accept 1: ohms, ohm, Ω; 2: 3.3, about 3,/),
    ).toBeInTheDocument();
  });

  it('puts the server’s refusal under the blanks', async () => {
    fakeAdminApi({
      [REGRADE]: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { blanks: RESULT_MESSAGES.regradeSameKey },
        },
      },
    });
    renderDialog(fillIn);
    const first = await screen.findByRole('group', { name: 'Blank 1' });
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Case sensitive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(RESULT_MESSAGES.regradeSameKey)).toBeInTheDocument();
  });
});

describe('RegradeDialog: a matching question', () => {
  it('offers a select of the matches beside each prompt, set to the key in force', async () => {
    const requests = fakeAdminApi({ [REGRADE]: ok(nothingChanges) });
    renderDialog(matching);
    const current = await screen.findByRole('combobox', { name: 'Current' });
    const voltage = screen.getByRole('combobox', { name: 'Voltage' });
    expect(current).toHaveValue('m1');
    expect(voltage).toHaveValue('m3');
    const previewButton = screen.getByRole('button', { name: 'Preview' });
    expect(previewButton).toBeDisabled();

    // Every prompt needs a match.
    await userEvent.selectOptions(voltage, '');
    await userEvent.click(previewButton);
    expect(await screen.findByText(RESULT_MESSAGES.regradeEveryPrompt)).toBeInTheDocument();
    expect(requests.filter((request) => request.url.startsWith('/admin/regrade'))).toEqual([]);

    await userEvent.selectOptions(voltage, 'volt');
    expect(screen.queryByText(RESULT_MESSAGES.regradeEveryPrompt)).not.toBeInTheDocument();
    await userEvent.click(previewButton);

    expect(await screen.findByText(/No result changes/)).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/admin/regrade'))?.data).toEqual({
      questionId: QUESTION,
      correctMatches: { p1: 'm1', p2: 'm2' },
      dryRun: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    expect(
      screen.getByText(
        /The key of this question becomes the pairs Current → ampere; Voltage → volt,/,
      ),
    ).toBeInTheDocument();
  });
});

describe('RegradeDialog: an ordering question', () => {
  it('lists the items in the key’s order, moves them, and previews the new order', async () => {
    const requests = fakeAdminApi({ [REGRADE]: ok(nothingChanges) });
    renderDialog(ordering);
    const list = await screen.findByRole('list', { name: 'Correct order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Parsing', '2Lexing', '3Code generation']);
    const previewButton = screen.getByRole('button', { name: 'Preview' });
    expect(previewButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Parsing up' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move Lexing up' }));
    expect(screen.getByText('Lexing moved to position 1 of 3')).toBeInTheDocument();
    await userEvent.click(previewButton);

    expect(await screen.findByText(/No result changes/)).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/admin/regrade'))?.data).toEqual({
      questionId: QUESTION,
      correctOrder: ['i1', 'i2', 'i3'],
      dryRun: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    expect(
      screen.getByText(
        /The key of this question becomes the order Lexing, Parsing, Code generation,/,
      ),
    ).toBeInTheDocument();
  });

  it('puts the server’s refusal of the order under the list', async () => {
    fakeAdminApi({
      [REGRADE]: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { correctOrder: RESULT_MESSAGES.regradeSameKey },
        },
      },
    });
    renderDialog(ordering);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Lexing down' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(RESULT_MESSAGES.regradeSameKey)).toBeInTheDocument();
  });
});
