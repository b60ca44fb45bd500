import { validQuestions } from '@examiq/contracts/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankQuestion, type QuestionValues } from '@/components/question-editor/question-values';
import { useAuthStore } from '@/lib/auth-store';
import { cascadeLookups, fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import {
  examIds,
  makeExamPayload,
  makeExamRecord,
  makeFacultyOption,
  wizardValuesOf,
} from '@/test/exam-fixtures';
import { storeSession } from '@/test/fake-api';
import { ids, makeSection } from '@/test/master-data-fixtures';
import CreateExamPage from './create-exam-page';
import { draftKey, saveDraft } from './wizard/draft-storage';
import type { ExamWizardValues } from './wizard/exam-values';
import type { StepId } from './wizard/steps';

type Answer = { status: number; data: unknown };

const DRAFT_KEY = draftKey('user-1');

function renderWizard(create: Answer | (() => Answer | Promise<Answer>) = createdAnswer()) {
  const requests = fakeAdminApi({
    ...cascadeLookups({
      secondCourse: { fullName: '' },
      sections: [makeSection(), makeSection({ _id: examIds.section2, name: 'B' })],
    }),
    'GET /admin/get-faculty-options': ok({
      faculty: [
        makeFacultyOption(),
        makeFacultyOption({
          userId: { _id: examIds.facultyUser2 },
          personalInfo: { firstName: 'Meera', lastName: 'Iyer' },
        }),
      ],
    }),
    'POST /admin/create-exam': typeof create === 'function' ? create : () => create,
  });
  const view = renderPage(<CreateExamPage />, '/admin/exam/create-exam', [
    { path: '/admin/exam/all-exam', element: <h1>All Exams</h1> },
  ]);
  return { requests, ...view };
}

function refused(errors: Record<string, string>): Answer {
  return {
    status: 400,
    data: { success: false, message: 'Please correct the highlighted fields', errors },
  };
}

function createdAnswer(): Answer {
  return ok({ exam: makeExamRecord(makeExamPayload()) }, 201);
}

/** Opens the wizard on an exam kept on this device, as after a reload. */
async function resume(
  values: ExamWizardValues,
  step: StepId,
  create?: Answer | (() => Answer | Promise<Answer>),
) {
  saveDraft('user-1', values, step);
  const view = renderWizard(create);
  await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
  await screen.findByRole('navigation', { name: 'Exam steps' });
  return view;
}

/** A fresh wizard, once the institution's settings it validates by have arrived. */
async function openWizard() {
  const view = renderWizard();
  await screen.findByLabelText('Exam Title');
  return view;
}

function stepButton(name: string) {
  return within(screen.getByRole('navigation', { name: 'Exam steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
}

function button(name: string) {
  return screen.getByRole('button', { name });
}

function createRequests(requests: ReturnType<typeof renderWizard>['requests']) {
  return requests.filter((request) => request.url === '/admin/create-exam');
}

function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function next() {
  await waitFor(() => expect(button('Next')).toBeEnabled());
  await userEvent.click(button('Next'));
}

async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.selectOptions(select, option);
}

beforeEach(() => {
  storeSession();
});

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

// Each test walks a five-step form; a busy machine needs more than the default five seconds.
describe('CreateExamPage', { timeout: 20_000 }, () => {
  it('keeps Draft and Publish disabled, with the reason as their tooltip, until every step is valid', async () => {
    await openWizard();
    for (const name of ['Draft', 'Publish']) {
      expect(button(name)).toBeDisabled();
      expect(button(name)).toHaveAccessibleDescription('Please fill all required fields');
      expect(button(name).parentElement).toHaveAttribute(
        'title',
        'Please fill all required fields',
      );
    }
  });

  it('enables Draft and Publish with their tooltips once the exam is complete', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'questions');
    await waitFor(() => expect(button('Draft')).toBeEnabled());
    expect(button('Draft')).toHaveAccessibleDescription('Save as draft');
    expect(button('Publish')).toHaveAccessibleDescription('Publish exam');
    expect(button('Publish').parentElement).toHaveAttribute('title', 'Publish exam');
  });

  it('refuses to skip ahead, and Previous is disabled on the first step', async () => {
    await openWizard();
    const nav = screen.getByRole('navigation', { name: 'Exam steps' });
    expect(stepButton('Exam Information')).toHaveAttribute('aria-current', 'step');
    for (const name of ['Target Audience', 'Schedule', 'Exam Structure', 'Questions']) {
      expect(stepButton(name)).toBeDisabled();
    }
    await userEvent.click(stepButton('Questions'));
    expect(screen.getByRole('heading', { level: 2, name: 'Exam Information' })).toBeInTheDocument();
    expect(button('Previous')).toBeDisabled();
    expect(button('Next')).toBeDisabled();
    expect(within(nav).getAllByText('Incomplete')).toHaveLength(5);
  });

  it('opens a later step only once every step before it is valid', async () => {
    const values = wizardValuesOf(makeExamPayload());
    values.scheduleDetails.endDate = '';
    await resume(values, 'questions');

    // The stored step cannot open yet: the schedule, before it, is incomplete.
    expect(screen.getByRole('heading', { level: 2, name: 'Schedule' })).toBeInTheDocument();
    expect(stepButton('Exam Structure')).toBeDisabled();
    expect(stepButton('Target Audience')).toBeEnabled();
    expect(button('Next')).toBeDisabled();

    fill(screen.getByLabelText('End Date'), '2030-03-20');
    await waitFor(() => expect(stepButton('Questions')).toBeEnabled());
    await userEvent.click(stepButton('Questions'));
    expect(stepButton('Questions')).toHaveAttribute('aria-current', 'step');
    expect(button('Complete')).toBeEnabled();
  });

  it('asks for faculty in PROCTORING mode only, and loads them only then', async () => {
    const values = wizardValuesOf(makeExamPayload());
    const { requests } = await resume(values, 'targetAudience');
    expect(screen.getByRole('group', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Faculty' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url === '/admin/get-faculty-options')).toBe(false);

    await userEvent.click(stepButton('Exam Information'));
    await userEvent.click(screen.getByRole('radio', { name: /Proctoring/ }));
    await waitFor(() => expect(stepButton('Target Audience')).toHaveTextContent('Incomplete'));
    await userEvent.click(stepButton('Target Audience'));

    const faculty = await screen.findByRole('group', { name: 'Faculty' });
    expect(await within(faculty).findByLabelText('Vikram Rao')).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/admin/get-faculty-options')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: "Show what's missing" }));
    expect(
      await within(faculty).findByText('Faculty selection is required for proctoring mode'),
    ).toBeInTheDocument();

    await userEvent.click(within(faculty).getByLabelText('Meera Iyer'));
    await waitFor(() => expect(button('Next')).toBeEnabled());
    expect(
      within(faculty).queryByText('Faculty selection is required for proctoring mode'),
    ).not.toBeInTheDocument();
  });

  it('sets the proctoring rules beside the faculty, checks them, shows them for review and sends them', async () => {
    const values = wizardValuesOf(makeExamPayload({ assignedFacultyIds: [examIds.facultyUser1] }));
    const { requests } = await resume(values, 'targetAudience');
    const rules = screen.getByRole('group', { name: 'Proctoring rules' });
    const warnAt = within(rules).getByLabelText('Warning Threshold');
    const flagAt = within(rules).getByLabelText('Flag Threshold');
    expect(warnAt).toHaveValue(1);
    expect(flagAt).toHaveValue(3);
    const autoSubmit = within(rules).getByRole('checkbox', {
      name: 'Submit automatically after too many flags',
    });
    expect(autoSubmit).not.toBeChecked();
    expect(within(rules).queryByLabelText('Flags Before Submission')).not.toBeInTheDocument();

    fill(flagAt, '2');
    fill(warnAt, '4');
    await waitFor(() =>
      expect(flagAt).toHaveAccessibleDescription(
        /Flag threshold cannot be lower than the warning threshold/,
      ),
    );
    await waitFor(() => expect(button('Next')).toBeDisabled());
    fill(flagAt, '5');
    await userEvent.click(autoSubmit);
    const flags = within(rules).getByLabelText('Flags Before Submission');
    expect(flags).toHaveValue(5);
    fill(flags, '25');
    await waitFor(() =>
      expect(flags).toHaveAccessibleDescription(
        /Flags before automatic submission cannot exceed 20/,
      ),
    );
    fill(flags, '2');
    await waitFor(() => expect(stepButton('Questions')).toBeEnabled());

    await userEvent.click(stepButton('Questions'));
    await waitFor(() => expect(button('Complete')).toBeEnabled());
    await userEvent.click(button('Complete'));
    const review = screen.getByRole('dialog', { name: 'Review exam' });
    expect(within(review).getByText('Warning threshold').nextSibling).toHaveTextContent(
      'From signal 4 of a kind',
    );
    expect(within(review).getByText('Flag threshold').nextSibling).toHaveTextContent(
      'From signal 5 of a kind',
    );
    expect(within(review).getByText('Automatic submission').nextSibling).toHaveTextContent(
      'After 2 flags',
    );
    await userEvent.click(within(review).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(createRequests(requests)).toHaveLength(1));
    expect(createRequests(requests)[0]?.data).toMatchObject({
      proctoringThresholds: { warnAt: 4, flagAt: 5, autoSubmitAfterFlags: 2 },
    });
  });

  it('puts the server’s refusal of a proctoring rule under its field', async () => {
    const values = wizardValuesOf(makeExamPayload({ assignedFacultyIds: [examIds.facultyUser1] }));
    const message = 'Flag threshold cannot exceed 50';
    await resume(values, 'questions', refused({ 'proctoringThresholds.flagAt': message }));
    await waitFor(() => expect(button('Draft')).toBeEnabled());
    await userEvent.click(button('Draft'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Target Audience' }),
    ).toBeInTheDocument();
    const flagAt = within(screen.getByRole('group', { name: 'Proctoring rules' })).getByLabelText(
      'Flag Threshold',
    );
    expect(flagAt).toHaveAccessibleDescription(new RegExp(message));
    await waitFor(() => expect(flagAt).toHaveFocus());
  });

  it('clears the lower levels of the cascade when a higher one changes', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'targetAudience');
    const sections = screen.getByRole('group', { name: 'Sections' });
    expect(await within(sections).findByLabelText('Section A')).toBeChecked();

    await userEvent.selectOptions(screen.getByLabelText('Branch'), '');
    expect(within(sections).queryByLabelText('Section A')).not.toBeInTheDocument();
    expect(within(sections).getByText('Select a branch first')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Batch'), '2025-2029');
    expect(screen.getByLabelText('Course')).toHaveValue('');
    expect(screen.getByLabelText('Branch')).toBeDisabled();
    await choose('Course', 'M.Tech');
    await choose('Branch', 'Computer Science (CSE)');
    expect(await within(sections).findByLabelText('Section A')).not.toBeChecked();
  });

  it('lets one MCQ option be correct at a time', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'questions');
    const question = within(screen.getByRole('region', { name: /Section 1/ })).getAllByRole(
      'group',
      { name: /^Question 1/ },
    )[0] as HTMLElement;
    const first = within(question).getByRole('checkbox', { name: 'Correct (option 1)' });
    const second = within(question).getByRole('checkbox', { name: 'Correct (option 2)' });
    expect(first).toBeChecked();

    await userEvent.click(second);
    expect(second).toBeChecked();
    expect(first).not.toBeChecked();
    expect(
      within(question).getByRole('checkbox', { name: 'Correct (option 3)' }),
    ).not.toBeChecked();
  });

  it('shows True/False options read-only, with no way to add or remove one', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'questions');
    const section = screen.getByRole('region', { name: /Section 2/ });
    const question = within(section).getByRole('group', { name: /^Question 1/ });
    expect(within(question).getByLabelText('Option 1')).toHaveAttribute('readonly');
    expect(within(question).getByLabelText('Option 1')).toHaveValue('True');
    expect(within(question).getByLabelText('Option 2')).toHaveValue('False');
    expect(within(question).queryByRole('button', { name: /option/i })).not.toBeInTheDocument();

    const isTrue = within(question).getByRole('checkbox', { name: 'Correct (True)' });
    const isFalse = within(question).getByRole('checkbox', { name: 'Correct (False)' });
    await userEvent.click(isFalse);
    expect(isTrue).not.toBeChecked();
    expect(isFalse).toBeChecked();
  });

  it('puts an emptied marks, order or word count input back to its fall-back', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'questions');
    const essay = within(screen.getByRole('region', { name: /Section 4/ })).getByRole('group', {
      name: /^Question 1/,
    });
    for (const [label, fallback] of [
      ['Marks', 1],
      ['Order', 1],
      ['Expected Word Count Min', 50],
      ['Expected Word Count Max', 100],
    ] as const) {
      fill(within(essay).getByLabelText(label), '');
      expect(within(essay).getByLabelText(label)).toHaveValue(fallback);
    }
    fill(within(essay).getByLabelText('Marks'), '0');
    expect(within(essay).getByLabelText('Marks')).toHaveValue(1);
  });

  it('keeps a minimum word count below 50 and says what is wrong', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'questions');
    const essay = within(screen.getByRole('region', { name: /Section 4/ })).getByRole('group', {
      name: /^Question 1/,
    });
    fill(within(essay).getByLabelText('Expected Word Count Min'), '20');
    expect(within(essay).getByLabelText('Expected Word Count Min')).toHaveValue(20);
    expect(
      await within(essay).findByText('Minimum word count must be at least 50'),
    ).toBeInTheDocument();
  });

  it('builds an AUTO exam step by step and publishes it', async () => {
    const success = vi.spyOn(toast, 'success');
    const { requests, router } = await openWizard();

    const title = screen.getByLabelText('Exam Title');
    fireEvent.change(title, { target: { value: 'Ds' } });
    expect(screen.queryByText('Exam title must be at least 3 characters')).not.toBeInTheDocument();
    fireEvent.blur(title);
    expect(await screen.findByText('Exam title must be at least 3 characters')).toBeInTheDocument();

    fill(title, 'Stacks Quiz');
    fill(screen.getByLabelText('Description'), 'A short quiz on stacks.');
    fill(screen.getByLabelText('Subject'), 'Data Structures');
    fill(screen.getByLabelText('Total Marks'), '2');
    fill(screen.getByLabelText('Passing Marks'), '1');
    fill(screen.getByLabelText('Duration (minutes)'), '30');
    expect(screen.getByRole('radio', { name: /Auto/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Shuffle questions' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Shuffle options' })).not.toBeChecked();
    fill(screen.getByLabelText('Instruction 1'), 'Answer every question.');
    await next();

    await choose('Batch', '2024-2028');
    await choose('Course', 'Bachelor of Technology');
    await choose('Branch', 'Computer Science (CSE)');
    const sections = screen.getByRole('group', { name: 'Sections' });
    await userEvent.click(await within(sections).findByLabelText('Section A'));
    await userEvent.click(within(sections).getByLabelText('Section B'));
    await next();

    expect(screen.queryByLabelText('Exam Date')).not.toBeInTheDocument();
    fill(screen.getByLabelText('Start Date'), '2030-05-01');
    fill(screen.getByLabelText('End Date'), '2030-05-02');
    expect(screen.getByLabelText('Before Exam (minutes)')).toHaveValue(0);
    fill(screen.getByLabelText('After Exam (minutes)'), '5');
    await next();

    expect(screen.getByText('No sections created yet.')).toBeInTheDocument();
    await userEvent.click(button('Add Section'));
    const section = screen.getByRole('region', { name: /Section 1/ });
    fill(within(section).getByLabelText('Section Name'), 'True or false');
    fill(within(section).getByLabelText('Section Marks'), '2');
    await userEvent.selectOptions(within(section).getByLabelText('Question Type'), 'True/False');
    fill(within(section).getByLabelText('Total Questions'), '2');
    await next();

    const group = screen.getByRole('region', { name: /Section 1 · True or false/ });
    const cards = within(group).getAllByTestId('question-card');
    expect(cards).toHaveLength(2);
    for (const [index, card] of cards.entries()) {
      const scope = within(card);
      expect(scope.getByLabelText('Question Type')).toHaveValue('True/False');
      expect(scope.getByLabelText('Marks')).toHaveValue(1);
      expect(scope.getByLabelText('Difficulty')).toHaveValue('MEDIUM');
      fill(scope.getByLabelText('Question Text'), `Statement number ${index + 1} is true.`);
      fill(scope.getByLabelText('Explanation'), 'Covered in the first lecture.');
      await userEvent.click(scope.getByRole('checkbox', { name: 'Correct (True)' }));
    }
    await waitFor(() => expect(button('Complete')).toBeEnabled());
    await userEvent.click(button('Complete'));
    const review = screen.getByRole('dialog', { name: 'Review exam' });
    expect(within(review).getByText('Stacks Quiz')).toBeInTheDocument();
    await userEvent.click(within(review).getByRole('button', { name: 'Publish exam' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Exam published successfully!'));
    const [request] = createRequests(requests);
    const question = (order: number) => ({
      id: expect.any(String),
      questionText: `Statement number ${order} is true.`,
      questionType: 'TRUE_FALSE',
      marks: 1,
      order,
      difficulty: 'MEDIUM',
      explanation: 'Covered in the first lecture.',
      options: [
        { text: 'True', isCorrect: true },
        { text: 'False', isCorrect: false },
      ],
    });
    expect(request?.data).toEqual({
      examStatus: 'PUBLISH',
      examTitle: 'Stacks Quiz',
      examDescription: 'A short quiz on stacks.',
      subject: 'Data Structures',
      totalMarks: 2,
      passingMarks: 1,
      duration: 30,
      examMode: 'AUTO',
      generalInstructions: ['Answer every question.'],
      shuffleQuestions: false,
      shuffleOptions: false,
      showAnswersAfterPublish: true,
      batchId: ids.batch1,
      courseId: ids.course1,
      branchId: ids.branch1,
      sectionIds: [ids.section1, examIds.section2],
      scheduleDetails: {
        startDate: '2030-05-01',
        endDate: '2030-05-02',
        bufferTime: { beforeExam: 0, afterExam: 5 },
      },
      examSections: [
        {
          id: expect.any(String),
          name: 'True or false',
          order: '1',
          marks: 2,
          questionType: 'TRUE_FALSE',
          totalQuestions: 2,
          timeLimit: 0,
          isOptional: false,
          instructions: [],
        },
      ],
      questions: [[question(1), question(2)]],
    });

    // Saved once: the chosen button stays highlighted, nothing can be sent twice.
    expect(button('Publish')).toBeDisabled();
    expect(button('Publish')).toHaveAccessibleDescription('This exam was published');
    expect(button('Draft')).toBeDisabled();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'View all exams' }));
    expect(router.state.location.pathname).toBe('/admin/exam/all-exam');
  });

  it('saves a PROCTORING exam as a draft with its faculty and one-day schedule', async () => {
    const success = vi.spyOn(toast, 'success');
    const payload = makeExamPayload({ assignedFacultyIds: [examIds.facultyUser1] });
    let answer: (value: Answer) => void = () => {};
    const { requests } = await resume(wizardValuesOf(payload), 'questions', () => {
      return new Promise<Answer>((resolve) => {
        answer = resolve;
      });
    });

    await waitFor(() => expect(button('Draft')).toBeEnabled());
    await userEvent.click(button('Draft'));
    expect(button('Saving...')).toBeDisabled();
    expect(button('Publish')).toBeDisabled();
    answer(createdAnswer());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Exam saved as draft successfully!'));

    const [request] = createRequests(requests);
    expect(request?.data).toMatchObject({
      examStatus: 'DRAFT',
      examMode: 'PROCTORING',
      assignedFacultyIds: [examIds.facultyUser1],
      scheduleDetails: payload.scheduleDetails,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Exam saved as draft');
    await userEvent.click(button('Create another exam'));
    expect(screen.getByLabelText('Exam Title')).toHaveValue('');
    expect(button('Draft')).toBeDisabled();
  });

  it("puts the server's field errors under their fields and reopens the step holding them", async () => {
    const error = vi.spyOn(toast, 'error');
    await resume(
      wizardValuesOf(makeExamPayload()),
      'questions',
      refused({
        courseId: 'The selected course does not belong to the selected batch',
        'examSections.1.name': 'Section names must be unique',
      }),
    );
    await waitFor(() => expect(button('Publish')).toBeEnabled());
    await userEvent.click(button('Publish'));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error publishing exam. Please try again.'),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Target Audience' })).toBeInTheDocument();
    expect(screen.getByLabelText('Course')).toHaveAccessibleDescription(
      'The selected course does not belong to the selected batch',
    );
    expect(stepButton('Target Audience')).toHaveTextContent('Incomplete');
    expect(stepButton('Exam Structure')).toHaveTextContent('Incomplete');
    expect(stepButton('Exam Structure')).toBeDisabled();
    expect(button('Publish')).toBeDisabled();
  });

  it('marks the sections and questions the server refused', async () => {
    await resume(
      wizardValuesOf(makeExamPayload()),
      'questions',
      refused({
        'examSections.1.name': 'Section names must be unique',
        'questions.0.1.options': 'Only one option can be marked as correct',
      }),
    );
    await waitFor(() => expect(button('Draft')).toBeEnabled());
    await userEvent.click(button('Draft'));

    const section = await screen.findByRole('region', { name: /Section 2/ });
    expect(within(section).getByLabelText('Section Name')).toHaveAccessibleDescription(
      'Section names must be unique',
    );
    expect(within(section).getByTitle('This section has validation errors')).toBeInTheDocument();
    expect(stepButton('Questions')).toHaveTextContent('Incomplete');

    fill(within(section).getByLabelText('Section Name'), 'True or false again');
    await waitFor(() => expect(stepButton('Exam Structure')).toHaveTextContent('Complete'));
    await userEvent.click(stepButton('Questions'));
    const group = screen.getByRole('region', { name: /Section 1/ });
    expect(group).toHaveTextContent('Question 2: Only one option can be marked as correct');
    const question = within(group).getByRole('group', { name: /^Question 2/ });
    expect(within(question).getByTitle('This question has validation errors')).toBeInTheDocument();
  });

  it('toasts the failure when the exam cannot be saved', async () => {
    const error = vi.spyOn(toast, 'error');
    await resume(wizardValuesOf(makeExamPayload()), 'questions', {
      status: 500,
      data: { success: false, message: 'Internal Server Error' },
    });
    await waitFor(() => expect(button('Draft')).toBeEnabled());
    await userEvent.click(button('Draft'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error saving exam. Please try again.'));
    expect(button('Draft')).toBeEnabled();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('refuses to send an exam that became invalid a moment ago', async () => {
    const error = vi.spyOn(toast, 'error');
    const { requests } = await resume(wizardValuesOf(makeExamPayload()), 'examInfo');
    await waitFor(() => expect(button('Publish')).toBeEnabled());

    // In the same moment: before the form's own check has disabled Publish.
    fireEvent.change(screen.getByLabelText('Exam Title'), { target: { value: '' } });
    fireEvent.click(button('Publish'));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Please fill all required fields correctly before submitting.',
      ),
    );
    expect(await screen.findByText('Exam title is required')).toBeInTheDocument();
    expect(createRequests(requests)).toHaveLength(0);
  });

  it('keeps the exam on this device, offers it after a reload and discards it on request', async () => {
    const first = await openWizard();
    fill(screen.getByLabelText('Exam Title'), 'Kept across reloads');
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toContain('Kept across reloads'));
    first.queryClient.clear();
    document.body.innerHTML = '';

    renderWizard();
    expect(screen.getByText(/“Kept across reloads” was kept on this device/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Exam Title')).not.toBeInTheDocument();
    await userEvent.click(button('Discard'));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Discard the unsaved exam?' })).getByRole(
        'button',
        { name: 'Discard exam' },
      ),
    );
    expect(await screen.findByLabelText('Exam Title')).toHaveValue('');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends the shuffle settings, keeps them on this device and shows them for review', async () => {
    const first = await openWizard();
    const shuffleQuestions = screen.getByRole('checkbox', { name: 'Shuffle questions' });
    expect(shuffleQuestions).toHaveAccessibleDescription(
      'Each student gets the questions of every section in their own order',
    );
    expect(screen.getByRole('checkbox', { name: 'Shuffle options' })).toHaveAccessibleDescription(
      'Each student gets the options of every multiple-choice question in their own order',
    );
    shuffleQuestions.focus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Shuffle options' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(localStorage.getItem(DRAFT_KEY)).toMatch(
        /"shuffleQuestions":true,"shuffleOptions":true/,
      ),
    );
    first.queryClient.clear();
    document.body.innerHTML = '';

    const resumed = renderWizard();
    await userEvent.click(button('Resume'));
    expect(await screen.findByRole('checkbox', { name: 'Shuffle questions' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Shuffle options' })).toBeChecked();
    resumed.queryClient.clear();
    document.body.innerHTML = '';

    const values = { ...wizardValuesOf(makeExamPayload()), shuffleOptions: true };
    const { requests } = await resume(values, 'questions');
    await waitFor(() => expect(button('Complete')).toBeEnabled());
    await userEvent.click(button('Complete'));
    const review = screen.getByRole('dialog', { name: 'Review exam' });
    expect(within(review).getByText('Shuffle questions').nextSibling).toHaveTextContent('Off');
    expect(within(review).getByText('Shuffle options').nextSibling).toHaveTextContent('On');
    await userEvent.click(within(review).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(createRequests(requests)).toHaveLength(1));
    expect(createRequests(requests)[0]?.data).toMatchObject({
      shuffleQuestions: false,
      shuffleOptions: true,
    });
  });

  it('resumes the stored exam where it was left', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'schedule');
    expect(screen.getByRole('heading', { level: 2, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('2030-03-14');
  });

  it('asks before a structure change throws written questions away', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'examStructure');
    const section = screen.getByRole('region', { name: /Section 1/ });
    const total = within(section).getByLabelText('Total Questions');

    fill(total, '1');
    const dialog = screen.getByRole('dialog', { name: 'Remove written questions?' });
    expect(dialog).toHaveTextContent('removes 1 question');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep questions' }));
    expect(total).toHaveValue(2);

    await userEvent.selectOptions(within(section).getByLabelText('Question Type'), 'Short Answer');
    await userEvent.click(screen.getByRole('button', { name: 'Remove questions' }));
    expect(within(section).getByLabelText('Question Type')).toHaveValue('SHORT_ANSWER');
    await userEvent.click(stepButton('Questions'));
    const group = screen.getByRole('region', { name: /Section 1/ });
    expect(within(group).getAllByLabelText('Sample Answer Text')).toHaveLength(2);
    expect(within(group).getAllByLabelText('Question Text')[0]).toHaveValue('');
  });

  it('keeps the questions step in step with sections changed after it was opened', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'questions');
    const before = screen.getByRole('region', { name: /Section 1/ });
    expect(within(before).getAllByTestId('question-card')).toHaveLength(2);

    await userEvent.click(stepButton('Exam Structure'));
    fill(
      within(screen.getByRole('region', { name: /Section 1/ })).getByLabelText('Total Questions'),
      '3',
    );
    await userEvent.click(button('Delete section 4'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove questions' }));
    await waitFor(() => expect(stepButton('Questions')).toBeEnabled());
    await userEvent.click(stepButton('Questions'));

    const group = screen.getByRole('region', { name: /Section 1/ });
    await waitFor(() => expect(within(group).getAllByTestId('question-card')).toHaveLength(3));
    const texts = within(group).getAllByLabelText('Question Text');
    expect(texts[0]).toHaveValue(makeExamPayload().questions[0]?.[0]?.questionText);
    expect(texts[2]).toHaveValue('');
    expect(screen.queryByRole('region', { name: /Section 4/ })).not.toBeInTheDocument();
  });

  it('adds, collapses and deletes sections, up to five', async () => {
    await resume(wizardValuesOf(makeExamPayload()), 'examStructure');
    await userEvent.click(button('Add Section'));
    expect(button('Add Section')).toBeDisabled();
    expect(screen.getByText('An exam has at most 5 sections.')).toBeInTheDocument();

    await userEvent.click(button('Collapse section 5'));
    expect(
      within(screen.getByRole('region', { name: /Section 5/ })).queryByLabelText('Section Name'),
    ).not.toBeInTheDocument();
    await userEvent.click(button('Delete section 5'));
    expect(screen.queryByRole('region', { name: /Section 5/ })).not.toBeInTheDocument();
    expect(button('Add Section')).toBeEnabled();
  });

  it('shows the empty state of an exam without sections', async () => {
    const values = wizardValuesOf(makeExamPayload());
    await resume({ ...values, examSections: [], questions: [] }, 'examStructure');
    expect(screen.getByText('No sections created yet.')).toBeInTheDocument();
  });
});

const NEW_TYPES = ['MULTI_SELECT', 'NUMERICAL'] as const;

/** The payload's exam with its written sections (3 and 4) asking the new types instead. */
function newTypesValues(edit: (values: ExamWizardValues) => void = () => {}): ExamWizardValues {
  const values = wizardValuesOf(makeExamPayload());
  values.examSections = values.examSections.map((section, index) => {
    const type = NEW_TYPES[index - 2];
    return type
      ? { ...section, questionType: type, marks: validQuestions[type]().marks, totalQuestions: 1 }
      : section;
  });
  values.questions = values.questions.map((list, index) => {
    const type = NEW_TYPES[index - 2];
    return type ? [{ ...validQuestions[type](1), id: `question-${index + 1}-1` }] : list;
  });
  edit(values);
  return values;
}

function newTypeQuestion(section: 3 | 4) {
  return within(screen.getByRole('region', { name: new RegExp(`Section ${section}`) })).getByRole(
    'group',
    { name: /^Question 1/ },
  );
}

describe('CreateExamPage: multiple select and numerical questions', { timeout: 30_000 }, () => {
  it('lets several options of a multiple select be correct, 2 to 10 of them, with its scoring rule', async () => {
    await resume(newTypesValues(), 'questions');
    const question = newTypeQuestion(3);
    const correct = (n: number) =>
      within(question).getByRole('checkbox', { name: `Correct (option ${n})` });
    expect(correct(1)).toBeChecked();
    await userEvent.click(correct(2));
    expect(correct(1)).toBeChecked();
    expect(correct(2)).toBeChecked();
    expect(correct(3)).toBeChecked();

    const partial = within(question).getByRole('radio', { name: /^Partial credit/ });
    const whole = within(question).getByRole('radio', { name: /^All or nothing/ });
    expect(partial).toBeChecked();
    await userEvent.click(whole);
    expect(whole).toBeChecked();
    expect(partial).not.toBeChecked();

    const add = within(question).getByRole('button', { name: 'Add option' });
    for (let count = 4; count < 10; count += 1) await userEvent.click(add);
    expect(within(question).getByLabelText('Option 10')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(within(question).getByText('Up to 10 options.')).toBeInTheDocument();
  });

  it('says what is wrong with a multiple select question, on the question and its section', async () => {
    await resume(
      newTypesValues((values) => {
        values.questions[2] = [{ ...(values.questions[2]?.[0] as QuestionValues), options: [] }];
      }),
      'questions',
    );
    const question = newTypeQuestion(3);
    const add = within(question).getByRole('button', { name: 'Add option' });
    await userEvent.click(add);
    fill(within(question).getByLabelText('Option 1'), 'Copper');
    await userEvent.click(within(question).getByRole('checkbox', { name: 'Correct (option 1)' }));
    expect(
      await within(question).findByText('Multiple select must have at least 2 options'),
    ).toBeInTheDocument();
    expect(within(question).getByTitle('This question has validation errors')).toBeInTheDocument();

    await userEvent.click(add);
    fill(within(question).getByLabelText('Option 2'), 'Glass');
    await userEvent.click(within(question).getByRole('checkbox', { name: 'Correct (option 1)' }));
    expect(
      await within(question).findByText('At least one option must be marked as correct'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Section 3/ })).toHaveTextContent(
      'Question 1: At least one option must be marked as correct',
    );
    fill(within(question).getByLabelText('Option 2'), 'x'.repeat(201));
    expect(
      await within(question).findByText('Option text cannot exceed 200 characters'),
    ).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
  });

  it('says what is wrong with each accepted answer of a numerical question', async () => {
    await resume(newTypesValues(), 'questions');
    const question = newTypeQuestion(4);
    const answer = (n: number) =>
      within(question).getByRole('group', { name: `Accepted answer ${n}` });
    expect(within(answer(1)).getByLabelText('Value')).toHaveValue(0.012);
    expect(within(answer(1)).getByLabelText('Tolerance type')).toHaveValue('PERCENT');

    fill(within(answer(1)).getByLabelText('Value'), '');
    expect(await within(question).findByText('Value is required')).toBeInTheDocument();
    fill(within(answer(1)).getByLabelText('Tolerance'), '-1');
    expect(await within(question).findByText('Tolerance cannot be negative')).toBeInTheDocument();
    fill(within(answer(2)).getByLabelText('Fraction of marks'), '1.5');
    expect(
      await within(question).findByText('Fraction must be between 0 and 1'),
    ).toBeInTheDocument();
    // The rule over all the answers is checked once each answer reads well.
    fill(within(answer(1)).getByLabelText('Value'), '0.012');
    fill(within(answer(1)).getByLabelText('Tolerance'), '2');
    fill(within(answer(2)).getByLabelText('Fraction of marks'), '0.5');
    fill(within(answer(1)).getByLabelText('Fraction of marks'), '0.8');
    expect(
      await within(question).findByText('At least one accepted answer must earn full marks'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Section 4/ })).toHaveTextContent(
      'Question 1: At least one accepted answer must earn full marks',
    );

    const add = within(question).getByRole('button', { name: 'Add accepted answer' });
    for (let count = 2; count < 5; count += 1) await userEvent.click(add);
    expect(add).toBeDisabled();
    for (let n = 5; n > 1; n -= 1) {
      await userEvent.click(
        within(question).getByRole('button', { name: `Remove accepted answer ${n}` }),
      );
    }
    expect(
      within(question).getByRole('button', { name: 'Remove accepted answer 1' }),
    ).toBeDisabled();
  });

  it('says what is wrong with the units and the unit penalty of a numerical question', async () => {
    await resume(newTypesValues(), 'questions');
    const question = newTypeQuestion(4);
    const unit = (n: number) => within(question).getByRole('group', { name: `Unit ${n}` });
    expect(
      within(question).getByText(/The first unit is the answer’s own; e.g. mA = 0.001 A/),
    ).toBeInTheDocument();

    fill(within(unit(1)).getByLabelText('Factor'), '1000');
    expect(
      await within(question).findByText('The first unit is the answer’s own: its factor must be 1'),
    ).toBeInTheDocument();
    fill(within(unit(2)).getByLabelText('Unit'), 'A');
    expect(await within(question).findByText('Units must be unique')).toBeInTheDocument();
    fill(within(unit(2)).getByLabelText('Unit'), '');
    expect(await within(question).findByText('Unit is required')).toBeInTheDocument();
    fill(within(unit(2)).getByLabelText('Factor'), '0');
    expect(await within(question).findByText('Factor must be greater than 0')).toBeInTheDocument();
    fill(within(question).getByLabelText('Unit penalty'), '2');
    expect(
      await within(question).findByText('Unit penalty must be between 0 and 1'),
    ).toBeInTheDocument();

    const add = within(question).getByRole('button', { name: 'Add unit' });
    for (let count = 2; count < 10; count += 1) await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(within(unit(3)).getByLabelText('Factor')).toHaveValue(null);

    // Without units, nothing is lost for a unit: the penalty is not asked.
    for (let n = 10; n >= 1; n -= 1) {
      await userEvent.click(within(question).getByRole('button', { name: `Remove unit ${n}` }));
    }
    expect(within(question).queryByLabelText('Unit penalty')).not.toBeInTheDocument();
    await userEvent.click(add);
    expect(within(unit(1)).getByLabelText('Factor')).toHaveValue(1);
  });

  it('previews the new types as the student will answer them', async () => {
    await resume(newTypesValues(), 'questions');
    const choices = newTypeQuestion(3);
    await userEvent.click(within(choices).getByRole('button', { name: 'Preview' }));
    const group = within(choices).getByRole('group', { name: /Select all that apply/ });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(4);

    const numerical = newTypeQuestion(4);
    await userEvent.click(within(numerical).getByRole('button', { name: 'Preview' }));
    const unit = within(numerical).getByRole('combobox', { name: /^Unit of your answer/ });
    expect(
      within(unit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a unit', 'A', 'mA']);
  });
});

const explanation = 'Explained in the lecture notes of week three.';

/** One valid question of each of the part-by-part types. */
const partQuestions = {
  FILL_IN_BLANKS: () => ({
    questionText: 'Resistance is measured in [[1]]; 12 V across 1 kΩ drives [[2]] mA.',
    questionType: 'FILL_IN_BLANKS' as const,
    marks: 2,
    order: 1,
    difficulty: 'EASY' as const,
    explanation,
    blanks: [
      { accepted: ['ohms', 'ohm'], caseSensitive: false, tolerance: null },
      { accepted: ['12'], caseSensitive: false, tolerance: 0.5 },
    ],
  }),
  MATCHING: () => ({
    questionText: 'Match each material with what it is.',
    questionType: 'MATCHING' as const,
    marks: 2,
    order: 1,
    difficulty: 'EASY' as const,
    explanation,
    pairs: [
      { prompt: 'Copper', match: 'Conductor' },
      { prompt: 'Glass', match: 'Insulator' },
    ],
    distractors: ['Superconductor'],
  }),
  ORDERING: () => ({
    questionText: 'Put the steps of the measurement in order.',
    questionType: 'ORDERING' as const,
    marks: 2,
    order: 1,
    difficulty: 'EASY' as const,
    explanation,
    items: ['Switch the supply on', 'Read the ammeter', 'Switch the supply off'],
    scoring: 'PARTIAL' as const,
  }),
};
const PART_TYPES = ['FILL_IN_BLANKS', 'MATCHING', 'ORDERING'] as const;

/** The payload's exam with its sections 2 to 4 asking the part-by-part types, one question each. */
function partTypesValues(edit: (values: ExamWizardValues) => void = () => {}): ExamWizardValues {
  const values = wizardValuesOf(makeExamPayload());
  values.examSections = values.examSections.map((section, index) => {
    const type = PART_TYPES[index - 1];
    return type ? { ...section, questionType: type, marks: 2, totalQuestions: 1 } : section;
  });
  values.questions = values.questions.map((list, index) => {
    const type = PART_TYPES[index - 1];
    return type ? [{ ...partQuestions[type](), id: `question-${index + 1}-1` }] : list;
  });
  edit(values);
  return values;
}

function partQuestion(section: 2 | 3 | 4) {
  return within(screen.getByRole('region', { name: new RegExp(`Section ${section}`) })).getByRole(
    'group',
    { name: /^Question 1/ },
  );
}

describe('CreateExamPage: fill-in-the-blanks, matching and ordering questions', {
  timeout: 30_000,
}, () => {
  it('inserts a blank at the caret, numbering the markers again and adding its row in its place', async () => {
    await resume(partTypesValues(), 'questions');
    const question = partQuestion(2);
    const text = within(question).getByLabelText('Question Text') as HTMLTextAreaElement;
    const blank = (n: number) =>
      within(question).getByRole('group', { name: new RegExp(`^Blank ${n}`) });
    expect(within(blank(2)).getByLabelText('Tolerance')).toHaveValue(0.5);

    // Between the two blanks: the new one is the second, and the old second becomes the third.
    const caret = text.value.indexOf(';');
    text.setSelectionRange(caret, caret);
    await userEvent.click(within(question).getByRole('button', { name: 'Insert blank' }));
    await waitFor(() =>
      expect(text).toHaveValue(
        'Resistance is measured in [[1]][[2]]; 12 V across 1 kΩ drives [[3]] mA.',
      ),
    );
    expect(within(blank(1)).getByRole('textbox', { name: 'Accepted answer 1' })).toHaveValue(
      'ohms',
    );
    expect(within(blank(2)).getByRole('textbox', { name: 'Accepted answer 1' })).toHaveValue('');
    expect(within(blank(2)).getByLabelText('Tolerance')).toHaveValue(null);
    expect(within(blank(3)).getByLabelText('Tolerance')).toHaveValue(0.5);

    fill(within(blank(2)).getByRole('textbox', { name: 'Accepted answer 1' }), '');
    expect(await within(question).findByText('Accepted answer is required')).toBeInTheDocument();
    expect(within(question).getByTitle('This question has validation errors')).toBeInTheDocument();
    fill(within(blank(2)).getByRole('textbox', { name: 'Accepted answer 1' }), 'and');

    // A marker written by hand adds a row; one deleted drops an empty row.
    fill(text, `${text.value} Then [[4]].`);
    expect(await within(question).findByRole('group', { name: /^Blank 4/ })).toBeInTheDocument();
    fill(text, text.value.replace(' Then [[4]].', ''));
    await waitFor(() =>
      expect(within(question).queryByRole('group', { name: /^Blank 4/ })).not.toBeInTheDocument(),
    );
  });

  it('says what is wrong with the blanks: their numbering, their count, a number blank’s answers', async () => {
    await resume(partTypesValues(), 'questions');
    const question = partQuestion(2);
    const text = within(question).getByLabelText('Question Text');
    const blank = (n: number) =>
      within(question).getByRole('group', { name: new RegExp(`^Blank ${n}`) });

    fill(within(blank(2)).getByRole('textbox', { name: 'Accepted answer 1' }), 'twelve');
    expect(
      await within(question).findByText('A blank with a tolerance accepts numbers only'),
    ).toBeInTheDocument();
    fill(within(blank(2)).getByLabelText('Tolerance'), '');
    await waitFor(() =>
      expect(
        within(question).queryByText('A blank with a tolerance accepts numbers only'),
      ).not.toBeInTheDocument(),
    );
    fill(within(blank(2)).getByLabelText('Tolerance'), '-1');
    expect(await within(question).findByText('Tolerance cannot be negative')).toBeInTheDocument();

    fill(text, 'Resistance is measured in [[2]]; 12 V across 1 kΩ drives [[1]] mA.');
    expect(
      await within(question).findByText(
        'Number the blanks [[1]], [[2]] … in the order they appear, each once',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Section 2/ })).toHaveTextContent(
      'Question 1: Number the blanks [[1]], [[2]] … in the order they appear, each once',
    );

    // A blank whose marker is gone but which holds answers stays, for the author to remove.
    fill(text, 'Resistance is measured in [[1]], in SI units.');
    expect(
      await within(question).findByText(
        'The text marks 1 blank: give the accepted answers of each',
      ),
    ).toBeInTheDocument();
    expect(
      within(question).getByRole('group', { name: 'Blank 2 (not in the text)' }),
    ).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Remove blank 2' }));
    await waitFor(() =>
      expect(
        within(question).queryByText('The text marks 1 blank: give the accepted answers of each'),
      ).not.toBeInTheDocument(),
    );
  });

  it('says what is wrong with the pairs and distractors of a matching question', async () => {
    await resume(
      partTypesValues((values) => {
        const matching = values.questions[2]?.[0] as QuestionValues;
        matching.distractors = ['Superconductor', 'Plasma', 'Gas', 'Liquid'];
      }),
      'questions',
    );
    const question = partQuestion(3);
    expect(within(question).getByRole('button', { name: 'Remove pair 1' })).toBeDisabled();

    fill(within(question).getByLabelText('Prompt 2'), 'copper ');
    expect(
      await within(question).findByText('Each prompt must differ from the others'),
    ).toBeInTheDocument();
    fill(within(question).getByLabelText('Prompt 2'), 'Glass');
    fill(within(question).getByLabelText('Distractor 1'), 'Insulator');
    expect(
      await within(question).findByText('Each match and distractor must differ from the others'),
    ).toBeInTheDocument();
    fill(within(question).getByLabelText('Match 1'), '');
    expect(await within(question).findByText('Match is required')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Section 3/ })).toHaveTextContent(
      'Question 1: Match is required',
    );

    await userEvent.click(within(question).getByRole('button', { name: 'Add pair' }));
    expect(within(question).getByLabelText('Prompt 3')).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Remove pair 1' })).toBeEnabled();
    const addDistractor = within(question).getByRole('button', { name: 'Add distractor' });
    await userEvent.click(addDistractor);
    expect(addDistractor).toBeDisabled();
    await userEvent.click(within(question).getByRole('button', { name: 'Remove distractor 1' }));
    expect(addDistractor).toBeEnabled();
  });

  it('moves the items of an ordering question and says what is wrong with them', async () => {
    await resume(partTypesValues(), 'questions');
    const question = partQuestion(4);
    const item = (n: number) => within(question).getByLabelText(`Item ${n}`, { exact: true });
    expect(within(question).getByRole('button', { name: 'Move item 1 up' })).toBeDisabled();

    within(question).getByRole('button', { name: 'Move item 3 up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(item(2)).toHaveValue('Switch the supply off');
    expect(item(3)).toHaveValue('Read the ammeter');
    expect(within(question).getByRole('button', { name: 'Move item 2 up' })).toHaveFocus();
    expect(
      within(question).getByText('Switch the supply off moved to position 2 of 3'),
    ).toBeInTheDocument();

    fill(item(3), 'switch the supply on');
    expect(
      await within(question).findByText('Each item must differ from the others'),
    ).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Remove item 3' }));
    expect(within(question).getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
    await waitFor(() =>
      expect(
        within(question).queryByText('Each item must differ from the others'),
      ).not.toBeInTheDocument(),
    );

    const partial = within(question).getByRole('radio', { name: /^Partial credit/ });
    expect(partial).toBeChecked();
    await userEvent.click(within(question).getByRole('radio', { name: /^All or nothing/ }));
    expect(partial).not.toBeChecked();
  });

  it('previews the three as the student will answer them', async () => {
    await resume(partTypesValues(), 'questions');
    const blanks = partQuestion(2);
    await userEvent.click(within(blanks).getByRole('button', { name: 'Preview' }));
    expect(await within(blanks).findByRole('textbox', { name: 'Blank 2' })).toHaveAttribute(
      'readonly',
    );

    const pairs = partQuestion(3);
    await userEvent.click(within(pairs).getByRole('button', { name: 'Preview' }));
    const copper = within(pairs).getByRole('combobox', { name: 'Copper' });
    expect(
      within(copper)
        .getAllByRole('option')
        .map((option) => option.textContent)
        .toSorted(),
    ).toEqual(['Choose a match', 'Conductor', 'Insulator', 'Superconductor']);

    const order = partQuestion(4);
    await userEvent.click(within(order).getByRole('button', { name: 'Preview' }));
    const shown = within(order)
      .getAllByRole('listitem')
      .filter((item) => !within(item).queryByRole('textbox'))
      .map((item) => item.textContent?.replace(/^\d+/, ''));
    expect(shown).toHaveLength(3);
    expect(shown).not.toEqual(partQuestions.ORDERING().items);
  });
});

/** The payload's exam with its last section asking for files: one question, as a new one starts. */
function fileUploadValues(): ExamWizardValues {
  const values = wizardValuesOf(makeExamPayload());
  const last = values.examSections.length - 1;
  values.examSections = values.examSections.map((section, index) =>
    index === last
      ? { ...section, questionType: 'FILE_UPLOAD', marks: 5, totalQuestions: 1 }
      : section,
  );
  values.questions[last] = [
    {
      ...blankQuestion('FILE_UPLOAD', 1),
      questionText: 'Derive the current through the 1 kΩ resistor. Show your working.',
      explanation,
    },
  ];
  return values;
}

function fileUploadQuestion() {
  const sections = screen.getAllByRole('region', { name: /^Section \d/ });
  return within(sections.at(-1) as HTMLElement).getByRole('group', { name: /^Question 1/ });
}

describe('CreateExamPage: file upload questions', { timeout: 30_000 }, () => {
  it('takes the kinds of file, how many and how large, from the defaults, saying what is wrong', async () => {
    await resume(fileUploadValues(), 'questions');
    const question = fileUploadQuestion();
    const pdf = within(question).getByRole('checkbox', { name: /^PDF/ });
    const image = within(question).getByRole('checkbox', { name: /^Image \(JPEG, PNG or WebP\)/ });
    const count = within(question).getByLabelText('Maximum files');
    const size = within(question).getByLabelText('Maximum file size (MB)');
    expect(pdf).toBeChecked();
    expect(image).toBeChecked();
    expect(count).toHaveValue(1);
    expect(size).toHaveValue(10);

    await userEvent.click(pdf);
    await userEvent.click(image);
    fireEvent.blur(image);
    expect(
      await within(question).findByText('Choose at least one kind of file'),
    ).toBeInTheDocument();
    expect(image).toHaveAttribute('aria-invalid', 'true');
    expect(within(question).getByTitle('This question has validation errors')).toBeInTheDocument();
    expect(fileUploadQuestion().closest('section')).toHaveTextContent(
      'Question 1: Choose at least one kind of file',
    );
    await userEvent.click(pdf);
    await waitFor(() =>
      expect(
        within(question).queryByText('Choose at least one kind of file'),
      ).not.toBeInTheDocument(),
    );

    fill(count, '6');
    expect(await within(question).findByText('Maximum files cannot exceed 5')).toBeInTheDocument();
    fill(count, '');
    expect(await within(question).findByText('Maximum files is required')).toBeInTheDocument();
    fill(count, '0');
    expect(
      await within(question).findByText('Maximum files must be at least 1'),
    ).toBeInTheDocument();
    fill(size, '21');
    expect(
      await within(question).findByText('Maximum file size cannot exceed 20 MB'),
    ).toBeInTheDocument();
    fill(size, '2.5');
    expect(
      await within(question).findByText('Maximum file size must be a whole number'),
    ).toBeInTheDocument();
    fill(count, '3');
    fill(size, '15');
    await waitFor(() =>
      expect(within(question).queryByTitle('This question has validation errors')).toBeNull(),
    );
  });

  it('previews the file picker the student will use, with the limits in words', async () => {
    await resume(fileUploadValues(), 'questions');
    const question = fileUploadQuestion();
    fill(within(question).getByLabelText('Maximum files'), '3');
    await userEvent.click(within(question).getByRole('checkbox', { name: /^Image/ }));
    await userEvent.click(within(question).getByRole('button', { name: 'Preview' }));
    const picker = within(question).getByLabelText('Your files for question 1');
    expect(picker).toBeDisabled();
    expect(picker).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(picker).toHaveAccessibleDescription('Up to 3 files, PDF, 10 MB each');
  });
});
