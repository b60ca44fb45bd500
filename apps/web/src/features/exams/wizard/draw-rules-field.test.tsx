import {
  answerAnyNotice,
  DEFAULT_ATTAINMENT_LEVELS,
  DRAW_MESSAGES,
  type DrawRule,
  type PreviewDrawData,
} from '@examiq/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { cascadeLookups, fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import {
  makeExamPayload,
  makeExamRecord,
  makeFacultyOption,
  wizardValuesOf,
} from '@/test/exam-fixtures';
import { storeSession } from '@/test/fake-api';
import CreateExamPage from '../create-exam-page';
import { saveDraft } from './draft-storage';
import { type ExamWizardValues, newDrawRule, type WizardDrawRule } from './exam-values';
import type { StepId } from './steps';

const COURSE = '00000000-0000-4000-8000-000000000011';
const OTHER_COURSE = '00000000-0000-4000-8000-000000000012';

const bankCourses = [
  { _id: COURSE, name: 'B.Tech', batchName: '2024-2028', roles: [] },
  { _id: OTHER_COURSE, name: 'M.Tech', batchName: '2024-2028', roles: [] },
];
const categories = [
  { path: 'Unit 3', name: 'Unit 3', depth: 1, questionCount: 10, totalCount: 14 },
  { path: 'Unit 3/Kirchhoff', name: 'Kirchhoff', depth: 2, questionCount: 4, totalCount: 4 },
];
const outcomes = [{ code: 'CO1', description: 'Apply circuit laws', targetPercent: 60 }];

type Answer = { status: number; data: unknown };
type PreviewAnswer = (rules: DrawRule[]) => PreviewDrawData;

/** Each rule has 12 questions, except a Hard one, which has only 4. */
const unitThreePool: PreviewAnswer = (rules) => {
  const pool = rules.map((rule) => (rule.difficulty === 'HARD' ? 4 : 12));
  const answers = rules.map((rule, index) => {
    const available = pool[index] ?? 0;
    const fills = available >= rule.count;
    return { available, message: fills ? null : DRAW_MESSAGES.cannotFill(rule, available) };
  });
  const papers = answers.every((answer) => answer.message === null) ? 2574 : 0;
  return { rules: answers, distinctPapers: papers };
};

function renderWizard(preview: PreviewAnswer = unitThreePool) {
  return fakeAdminApi({
    ...cascadeLookups(),
    'GET /admin/get-faculty-options': ok({ faculty: [makeFacultyOption()] }),
    'GET /admin/get-bank-courses': ok({ courses: bankCourses }),
    [`GET /admin/get-bank-categories/${COURSE}`]: ok({ categories }),
    [`GET /admin/get-course-outcomes/${COURSE}`]: ok({
      courseId: COURSE,
      outcomes,
      levels: DEFAULT_ATTAINMENT_LEVELS,
    }),
    'POST /admin/preview-draw': (request: ApiRequest) =>
      ok(preview((request.data as { draw: DrawRule[] }).draw)),
    'POST /admin/create-exam': (): Answer => ok({ exam: makeExamRecord(makeExamPayload()) }, 201),
  });
}

async function resume(values: ExamWizardValues, step: StepId, preview?: PreviewAnswer) {
  saveDraft('user-1', values, step);
  const requests = renderWizard(preview);
  renderPage(<CreateExamPage />, '/admin/exam/create-exam');
  await userEvent.click(await screen.findByRole('button', { name: 'Resume' }));
  await screen.findByRole('navigation', { name: 'Exam steps' });
  return requests;
}

/** The stored exam with its first section (MCQ, 2 marks) drawing `rules` instead. */
function drawnValues(rules: Partial<WizardDrawRule>[], marks = 3): ExamWizardValues {
  const values = wizardValuesOf(makeExamPayload());
  const [first, ...rest] = values.examSections;
  if (!first) throw new Error('The fixture has sections');
  return {
    ...values,
    examSections: [
      {
        ...first,
        marks,
        source: 'DRAWN',
        draw: rules.map((rule) => ({ ...newDrawRule({ courseId: COURSE }), ...rule })),
      },
      ...rest,
    ],
    questions: [[], ...values.questions.slice(1)],
  };
}

const easyAndHard = [
  { category: 'Unit 3', count: 2, difficulty: 'EASY' as const },
  { category: 'Unit 3', count: 1, difficulty: 'HARD' as const },
];

function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

function firstSection() {
  return screen.getByRole('region', { name: /^Section 1/ });
}

function rule(number: number) {
  return within(firstSection()).getByRole('region', { name: `Rule ${number}` });
}

function stepButton(name: string) {
  return within(screen.getByRole('navigation', { name: 'Exam steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
}

const previewRequests = (requests: ApiRequest[]) =>
  requests.filter((request) => request.url === '/admin/preview-draw');

beforeEach(() => {
  storeSession();
});

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

// A whole wizard in a test's document: a busy machine needs more than the default five seconds.
describe('a drawn section in the wizard', { timeout: 60_000 }, () => {
  it('turns a written section into rules, totals their counts and sends them with no questions', async () => {
    const requests = await resume(wizardValuesOf(makeExamPayload()), 'examStructure');
    const section = firstSection();
    expect(
      within(section).getByRole('radio', { name: /^Questions written or picked here/ }),
    ).toBeChecked();

    await userEvent.click(
      within(section).getByRole('radio', { name: /^Drawn from a question bank/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove questions' }));
    const one = rule(1);
    await within(one).findByRole('option', { name: 'B.Tech (2024-2028)' });
    await userEvent.selectOptions(within(one).getByLabelText('Course'), COURSE);
    await within(one).findByRole('option', { name: 'Unit 3 › Kirchhoff (4)' });
    await userEvent.selectOptions(within(one).getByLabelText('Category'), 'Unit 3');
    fill(within(one).getByLabelText('Count'), '2');
    await userEvent.selectOptions(within(one).getByLabelText('Difficulty'), 'EASY');
    await userEvent.click(within(section).getByRole('button', { name: 'Add rule' }));
    const two = rule(2);
    // A new rule draws from the course of the rule before it.
    expect(within(two).getByLabelText('Course')).toHaveValue(COURSE);
    await userEvent.selectOptions(within(two).getByLabelText('Category'), 'Unit 3');
    await userEvent.selectOptions(within(two).getByLabelText('Difficulty'), 'HARD');
    fill(within(section).getByLabelText('Section Marks'), '3');

    expect(within(section).getByLabelText('Total Questions')).toHaveValue('3');
    expect(within(section).getByLabelText('Total Questions')).toHaveAttribute('readonly');
    expect(within(section).getByText('Each drawn question carries 1 mark')).toBeInTheDocument();
    expect(await within(one).findByText('12 available', {}, { timeout: 3000 })).toBeVisible();
    expect(await within(two).findByText('4 available', {}, { timeout: 3000 })).toBeVisible();
    expect(
      within(section).getByText('This blueprint allows 2,574 different papers.'),
    ).toBeVisible();
    expect(previewRequests(requests).at(-1)?.data).toMatchObject({
      questionType: 'MCQ',
      marks: 3,
      totalQuestions: 3,
      draw: [
        { courseId: COURSE, category: 'Unit 3', count: 2, difficulty: 'EASY' },
        { courseId: COURSE, category: 'Unit 3', count: 1, difficulty: 'HARD' },
      ],
    });

    await waitFor(() => expect(stepButton('Questions')).toBeEnabled());
    await userEvent.click(stepButton('Questions'));
    const group = screen.getByRole('region', { name: /^Section 1/ });
    expect(
      within(group).getByText('2 Easy + 1 Hard from Unit 3, each student a paper of their own'),
    ).toBeVisible();
    expect(within(group).queryByTestId('question-card')).not.toBeInTheDocument();

    const draft = screen.getByRole('button', { name: 'Draft' });
    await waitFor(() => expect(draft).toBeEnabled());
    await userEvent.click(draft);
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/admin/create-exam')).toBe(true),
    );
    const sent = requests.find((request) => request.url === '/admin/create-exam')?.data as {
      examSections: object[];
      questions: unknown[][];
    };
    expect(sent.examSections[0]).toEqual(
      expect.objectContaining({
        totalQuestions: 3,
        marks: 3,
        draw: [
          {
            courseId: COURSE,
            category: 'Unit 3',
            includeSubcategories: true,
            count: 2,
            difficulty: 'EASY',
            tags: [],
          },
          {
            courseId: COURSE,
            category: 'Unit 3',
            includeSubcategories: true,
            count: 1,
            difficulty: 'HARD',
            tags: [],
          },
        ],
      }),
    );
    expect(sent.examSections[0]).not.toHaveProperty('answerAny');
    expect(sent.questions[0]).toEqual([]);
    expect(sent.examSections[1]).not.toHaveProperty('draw');
  });

  it("shows a rule's refusal in its row, and no paper until every rule can be filled", async () => {
    await resume(
      drawnValues([easyAndHard[0] ?? {}, { ...easyAndHard[1], count: 5 }], 7),
      'examStructure',
    );
    expect(
      await within(rule(2)).findByText(
        'Unit 3 has only 4 Hard questions; this rule needs 5',
        {},
        { timeout: 3000 },
      ),
    ).toBeVisible();
    expect(within(rule(1)).getByText('12 available')).toBeVisible();
    expect(
      within(firstSection()).getByText('No paper can be drawn until every rule can be filled.'),
    ).toBeVisible();
  });

  it('reads a huge number of papers in words', async () => {
    await resume(drawnValues(easyAndHard), 'examStructure', (rules) => ({
      rules: rules.map(() => ({ available: 400, message: null })),
      distinctPapers: 8e11,
    }));
    expect(
      await within(firstSection()).findByText(
        'This blueprint allows more than a billion different papers.',
        {},
        { timeout: 3000 },
      ),
    ).toBeVisible();
  });

  it("puts the contract's messages at their fields, with the section's red dot and banner", async () => {
    const requests = await resume(drawnValues(easyAndHard, 4), 'examStructure');
    const section = firstSection();

    fill(within(section).getByLabelText('Section Marks'), '4');
    expect(await within(section).findAllByText(DRAW_MESSAGES.marksPerQuestion)).toHaveLength(2);
    expect(within(section).getByText('This section has validation errors')).toBeInTheDocument();
    expect(within(section).getByText('This section has errors')).toBeVisible();

    fill(within(rule(2)).getByLabelText('Count'), '');
    expect(await within(rule(2)).findByText('Count is required')).toBeVisible();
    expect(within(section).getByLabelText('Total Questions')).toHaveValue('2');

    // Nothing is asked of the banks while a rule or the marks are incomplete.
    const asked = previewRequests(requests).length;
    fill(within(rule(2)).getByLabelText('Count'), '1');
    fill(within(section).getByLabelText('Section Marks'), '6');
    await waitFor(() => expect(previewRequests(requests).length).toBeGreaterThan(asked));
    expect(within(section).queryByText(DRAW_MESSAGES.marksPerQuestion)).not.toBeInTheDocument();
    expect(within(section).getByText('Each drawn question carries 2 marks')).toBeVisible();
  });

  it("never removes a drawn section's last rule", async () => {
    await resume(drawnValues([{ count: 1 }]), 'examStructure');
    expect(within(rule(1)).getByRole('button', { name: 'Remove rule 1' })).toBeDisabled();
    await userEvent.click(within(firstSection()).getByRole('button', { name: 'Add rule' }));
    expect(within(rule(1)).getByRole('button', { name: 'Remove rule 1' })).toBeEnabled();
    expect(within(firstSection()).getByLabelText('Total Questions')).toHaveValue('2');
  });

  // Ten rules of eight fields each are slow to draw in a test's document.
  it('adds up to ten rules', { timeout: 90_000 }, async () => {
    await resume(drawnValues(Array.from({ length: 9 }, () => ({ count: 1 }))), 'examStructure');
    const section = firstSection();
    const add = within(section).getByRole('button', { name: 'Add rule' });
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(within(section).getByText('A section has at most 10 draw rules.')).toBeVisible();
    expect(within(section).getByLabelText('Total Questions')).toHaveValue('10');

    await userEvent.click(within(rule(10)).getByRole('button', { name: 'Remove rule 10' }));
    expect(add).toBeEnabled();
    expect(within(section).getByLabelText('Total Questions')).toHaveValue('9');
  });
});

describe('internal choice', { timeout: 20_000 }, () => {
  it('shows what the student will read, and refuses K not below the total', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'examStructure');
    const section = firstSection();
    const field = within(section).getByLabelText('Students answer any (optional)');

    fill(field, '1');
    expect(within(section).getByText('of 2')).toBeInTheDocument();
    expect(within(section).getByText(answerAnyNotice(1, 2))).toBeVisible();

    fill(field, '2');
    // At the field, and in the section's banner.
    expect(await within(section).findAllByText(DRAW_MESSAGES.answerAnyBelowTotal)).toHaveLength(2);
    expect(within(section).queryByText(answerAnyNotice(2, 2))).not.toBeInTheDocument();
  });
});
