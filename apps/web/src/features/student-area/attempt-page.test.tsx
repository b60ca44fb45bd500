import 'fake-indexeddb/auto';
import {
  ATTEMPT_MESSAGES,
  type AttemptView,
  answerAnyNotice,
  type SaveAnswersPayload,
  type SavedAnswer,
} from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { storeSession } from '@/test/fake-api';
import { getOutbox } from './attempt/outbox';
import AttemptPage from './attempt-page';
import {
  ids,
  makeAttemptView,
  makeSaveResult,
  makeSection,
  newTypesSection,
  partsSection,
} from './test-fixtures';

type Answer = { status: number; data: unknown };
type Route = Answer | ((request: ApiRequest) => Answer | Promise<Answer>);

const SAVE = `PUT /student/save-answers/${ids.attempt}`;
const GET = `GET /student/get-attempt/${ids.attempt}`;
const SUBMIT = `POST /student/submit-exam/${ids.attempt}`;

const acknowledge = (request: ApiRequest) =>
  ok(makeSaveResult((request.data as SaveAnswersPayload).seq));

function renderAttempt(view: AttemptView = makeAttemptView(), routes: Record<string, Route> = {}) {
  const requests = fakeAdminApi({ [GET]: ok(view), [SAVE]: acknowledge, ...routes });
  const page = renderPage(
    <AttemptPage />,
    '/student/attempt/:attemptId',
    [],
    `/student/attempt/${ids.attempt}`,
  );
  return { ...page, requests };
}

const savesOf = (requests: ApiRequest[]) =>
  requests
    .filter((request) => request.method === 'PUT')
    .map((request) => request.data as SaveAnswersPayload);
const question = (name: string) => screen.getByRole('article', { name });
const saveState = () => screen.getByTestId('save-state');
const timeLeft = () => screen.getByTestId('time-left');
const openSection = async (name: string) => {
  const sections = screen.getByRole('navigation', { name: 'Sections' });
  await userEvent.click(within(sections).getByRole('button', { name: new RegExp(`^${name}`) }));
};
const saved = (overrides: Partial<SavedAnswer>): SavedAnswer => ({
  questionId: ids.mcq1,
  selectedOptionId: null,
  text: null,
  markedForReview: false,
  seq: 5,
  savedAt: '2030-03-14T09:35:00.000Z',
  ...overrides,
});

beforeEach(async () => {
  storeSession();
  await (await getOutbox()).clear(ids.attempt);
  // jsdom does not lay out pages; the palette scrolls a question into view.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

// Saves follow the 1.5 s pause after the last change, in real time.
describe('AttemptPage', { timeout: 20_000 }, () => {
  it('answers each kind of question and saves every change, showing the save state', async () => {
    const user = userEvent.setup();
    const { requests } = renderAttempt();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data Structures Mid-term' }),
    ).toBeInTheDocument();
    expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved);
    expect(screen.getByText('Choose one option.')).toBeVisible();

    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));
    expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saving);

    await openSection('Short questions');
    expect(screen.getByRole('heading', { level: 2, name: 'Short questions' })).toHaveFocus();
    await user.click(within(question('Question 1')).getByRole('radio', { name: 'True' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Your answer to question 2' }),
      'Call stack',
    );

    await openSection('Essay');
    const essay = screen.getByRole('textbox', { name: 'Your answer to question 1' });
    await user.type(essay, 'Arrays are contiguous');
    expect(essay).toHaveAccessibleDescription(
      '3 words · expected 5–10 (below the expected length)',
    );
    await user.type(essay, ' blocks while lists link nodes by pointers');
    expect(screen.getByText('10 words · expected 5–10')).toBeVisible();
    await user.type(essay, ' everywhere');
    expect(screen.getByText(/^11 words · expected 5–10/)).toHaveTextContent(
      '(above the expected length)',
    );

    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    const saves = savesOf(requests);
    // The tab continues after the last seq the server had (7), one seq per save.
    expect(saves.map((save) => save.seq)).toEqual(saves.map((_, index) => 8 + index));
    const latest = new Map(
      saves.flatMap((save) => save.answers).map((answer) => [answer.questionId, answer]),
    );
    expect(Object.fromEntries(latest)).toEqual({
      [ids.mcq1]: {
        questionId: ids.mcq1,
        selectedOptionId: '0',
        text: null,
        markedForReview: false,
      },
      [ids.trueFalse]: {
        questionId: ids.trueFalse,
        selectedOptionId: '0',
        text: null,
        markedForReview: false,
      },
      [ids.short]: {
        questionId: ids.short,
        selectedOptionId: null,
        text: 'Call stack',
        markedForReview: false,
      },
      [ids.essay]: {
        questionId: ids.essay,
        selectedOptionId: null,
        text: 'Arrays are contiguous blocks while lists link nodes by pointers everywhere',
        markedForReview: false,
      },
    });
    expect(await (await getOutbox()).pending(ids.attempt)).toEqual([]);
  });

  it('tells answered, unanswered and marked questions apart in the palette, and jumps to one', async () => {
    const user = userEvent.setup();
    renderAttempt(
      makeAttemptView({
        answers: [saved({ questionId: ids.mcq1, selectedOptionId: '1' })],
      }),
    );

    const palette = await screen.findByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByText('1 of 2 answered')).toBeVisible();
    await user.click(
      within(question('Question 2')).getByRole('button', { name: 'Mark for review' }),
    );

    expect(
      within(palette)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Question 1: answered', 'Question 2: not answered, marked for review']);
    expect(
      within(question('Question 2')).getByRole('button', { name: 'Mark for review' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(question('Question 1')).getByRole('radio', { name: 'Queue' })).toBeChecked();

    await user.click(within(palette).getByRole('button', { name: /^Question 2/ }));
    expect(question('Question 2')).toHaveFocus();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', {
        name: /^Multiple choice/,
      }),
    ).toHaveTextContent('1/2 answered');
  });

  it('shows the offline message while saves get no answer, keeping the answers on the device', async () => {
    const user = userEvent.setup();
    renderAttempt(makeAttemptView(), {
      [SAVE]: () => {
        throw new ApiError();
      },
    });

    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });
    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));

    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.offline));
    expect(await (await getOutbox()).pending(ids.attempt)).toMatchObject([
      { questionId: ids.mcq1, selectedOptionId: '0', seq: 8 },
    ]);
  });

  it('opens with what the device had not sent yet laid over the saved answers, and sends it', async () => {
    const outbox = await getOutbox();
    const device = {
      attemptId: ids.attempt,
      selectedOptionId: null,
      markedForReview: false,
    };
    await outbox.put({ ...device, questionId: ids.short, text: 'Typed offline', seq: 8 });
    // The server saved a later change of this one (from another tab): its answer stands.
    await outbox.put({ ...device, questionId: ids.mcq2, text: null, seq: 6 });
    const { requests } = renderAttempt(
      makeAttemptView({
        answers: [
          saved({ questionId: ids.short, text: 'Saved earlier', seq: 5 }),
          saved({ questionId: ids.mcq2, selectedOptionId: '1', seq: 7 }),
        ],
      }),
    );

    expect(await screen.findByRole('radio', { name: 'Queue', checked: true })).toBeInTheDocument();
    await openSection('Short questions');
    expect(screen.getByRole('textbox', { name: 'Your answer to question 2' })).toHaveValue(
      'Typed offline',
    );
    await waitFor(() => expect(savesOf(requests)).toHaveLength(1));
    expect(savesOf(requests)[0]).toEqual({
      seq: 9,
      answers: [
        {
          questionId: ids.short,
          selectedOptionId: null,
          text: 'Typed offline',
          markedForReview: false,
        },
      ],
    });
  });

  it('shows the conflict banner when another tab saved newer answers, and reloads them', async () => {
    const user = userEvent.setup();
    let newer = false;
    const { requests } = renderAttempt(makeAttemptView(), {
      [GET]: () =>
        ok(
          makeAttemptView({
            attempt: { ...makeAttemptView().attempt, lastSeq: newer ? 12 : 7 },
            answers: newer ? [saved({ questionId: ids.mcq1, selectedOptionId: '1', seq: 12 })] : [],
          }),
        ),
      [SAVE]: (request) =>
        ok(makeSaveResult((request.data as SaveAnswersPayload).seq, { conflict: true })),
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });

    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(ATTEMPT_MESSAGES.conflict);
    expect(within(question('Question 1')).getByRole('radio', { name: 'Heap' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit exam' })).toBeDisabled();

    newer = true;
    await user.click(within(banner).getByRole('button', { name: 'Reload' }));

    // Question 1's Queue: the other Queue is not answered.
    expect(await screen.findByRole('radio', { name: 'Queue', checked: true })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it('names the unanswered questions before submitting, then shows the receipt and read-only answers', async () => {
    const user = userEvent.setup();
    let submitted = false;
    const submittedView = makeAttemptView({
      attempt: {
        ...makeAttemptView().attempt,
        status: 'SUBMITTED',
        submittedAt: '2030-03-14T09:41:00.000Z',
        submitTrigger: 'STUDENT',
        lastSeq: 8,
      },
      answers: [saved({ questionId: ids.mcq1, selectedOptionId: '0', seq: 8 })],
    });
    const { requests } = renderAttempt(makeAttemptView(), {
      [GET]: () => ok(submitted ? submittedView : makeAttemptView()),
      // The change is still on the wire when the student submits.
      [SAVE]: () => new Promise(() => {}),
      [SUBMIT]: () => {
        submitted = true;
        return {
          status: 200,
          data: {
            success: true,
            message: ATTEMPT_MESSAGES.submitted,
            data: { attempt: submittedView.attempt, answersSaved: 1 },
          },
        };
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });
    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));

    await user.click(screen.getByRole('button', { name: 'Submit exam' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit exam?' });
    expect(dialog).toHaveTextContent('You have answered 1 of 5 questions.');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Multiple choice: question 2',
      'Short questions: questions 1, 2',
      'Essay: question 1',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Submit exam' }));

    const receipt = await screen.findByRole('region', { name: 'Exam submitted' });
    expect(within(receipt).getByRole('heading', { name: 'Exam submitted' })).toHaveFocus();
    expect(receipt).toHaveTextContent(ATTEMPT_MESSAGES.submitted);
    expect(receipt).toHaveTextContent('Answers saved1 of 5');
    expect(receipt).toHaveTextContent(/Submitted14 Mar 2030, \d\d:\d\d/);
    expect(receipt).toHaveTextContent('Results are not published yet.');
    const submit = requests.find((request) => request.method === 'POST');
    expect(submit?.data).toEqual({
      seq: expect.any(Number),
      answers: [
        { questionId: ids.mcq1, selectedOptionId: '0', text: null, markedForReview: false },
      ],
    });

    const stack = await screen.findByRole('radio', { name: 'Stack', checked: true });
    expect(stack).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit exam' })).not.toBeInTheDocument();
    expect(await (await getOutbox()).pending(ids.attempt)).toEqual([]);
  });

  it('keeps working when a submit gets no answer, so it can be tried again', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    renderAttempt(makeAttemptView(), {
      [SUBMIT]: () => {
        throw new ApiError();
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });

    await user.click(screen.getByRole('button', { name: 'Submit exam' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit exam' }),
    );

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Your exam could not be submitted. Your answers are kept on this device; please try again.',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));
    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
  });

  it('shows the receipt and the answers read-only for an attempt submitted at the deadline', async () => {
    await (await getOutbox()).put({
      attemptId: ids.attempt,
      questionId: ids.short,
      selectedOptionId: null,
      text: 'Too late',
      markedForReview: false,
      seq: 9,
    });
    renderAttempt(
      makeAttemptView({
        attempt: {
          ...makeAttemptView().attempt,
          status: 'SUBMITTED',
          submittedAt: '2030-03-14T10:30:00.000Z',
          submitTrigger: 'DEADLINE',
        },
        answers: [
          saved({ questionId: ids.mcq1, selectedOptionId: '2' }),
          saved({ questionId: ids.essay, text: 'Arrays sit together.' }),
        ],
      }),
    );

    const receipt = await screen.findByRole('region', { name: 'Exam submitted' });
    expect(receipt).toHaveTextContent(ATTEMPT_MESSAGES.submittedAtDeadline);
    expect(receipt).toHaveTextContent('Answers saved2 of 5');
    expect(receipt).toHaveTextContent('Submitted byAutomatically, at the deadline');
    expect(screen.getByRole('radio', { name: 'Heap' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveAttribute(
      'readonly',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Essay' })).toBeInTheDocument();
    await waitFor(async () => expect(await (await getOutbox()).pending(ids.attempt)).toEqual([]));
  });

  it('stops editing when a save comes after the deadline (409)', async () => {
    const user = userEvent.setup();
    renderAttempt(makeAttemptView(), {
      [SAVE]: { status: 409, data: { success: false, message: ATTEMPT_MESSAGES.timeOver } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });

    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));

    expect(await screen.findByText(ATTEMPT_MESSAGES.timeOver, { selector: 'p' })).toBeVisible();
    expect(within(question('Question 1')).getByRole('radio', { name: 'Queue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit exam' })).toBeDisabled();
    expect(await (await getOutbox()).pending(ids.attempt)).toEqual([]);
  });

  it('opens a timed section on purpose, shows the questions its opening brings, then counts down its own clock', async () => {
    const user = userEvent.setup();
    // The server shows no question of a timed section before its clock runs.
    const timed = makeAttemptView({
      sections: [makeSection(0), makeSection(2, { timeLimit: 20, questions: [] })],
    });
    const { requests } = renderAttempt(timed, {
      [`POST /student/open-section/${ids.attempt}`]: ok({
        sectionId: ids.sectionC,
        deadlineAt: '2030-03-14T10:00:00.000Z',
        remainingMs: 20 * 60_000,
        questions: makeSection(2).questions,
      }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('button', { name: /^Essay/ })).toHaveTextContent(
      '0/1 answered',
    );

    await openSection('Essay');
    expect(screen.getByText('This section has its own time limit of 20 minutes')).toBeVisible();
    expect(screen.getByText(/^1 question ·/)).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open section' }));

    expect(await screen.findByRole('textbox', { name: 'Your answer to question 1' })).toBeEnabled();
    expect(screen.getByText('Compare arrays and linked lists.')).toBeVisible();
    expect(screen.getByText('Section time left')).toHaveTextContent(
      /Section time left(20:00|19:59)/,
    );
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
      sectionId: ids.sectionC,
    });
  });

  it('shows a section the server says is closed as read-only', async () => {
    const user = userEvent.setup();
    renderAttempt(makeAttemptView(), {
      [SAVE]: (request) =>
        ok(
          makeSaveResult((request.data as SaveAnswersPayload).seq, {
            closedSectionIds: [ids.sectionA],
          }),
        ),
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });

    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));

    expect(await screen.findByText(/The time for this section is over/)).toBeVisible();
    expect(within(question('Question 2')).getByRole('radio', { name: 'Queue' })).toBeDisabled();
  });
});

describe('AttemptPage countdown', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // The page counts with performance.now(); the polls run on intervals.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });

  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it("counts down from the server's remaining time, and resyncs at every save", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAttempt(makeAttemptView({ remainingMs: 50 * 60_000 }), {
      [SAVE]: (request) =>
        ok(makeSaveResult((request.data as SaveAnswersPayload).seq, { remainingMs: 10 * 60_000 })),
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });
    expect(timeLeft()).toHaveTextContent('50:00');

    await elapse(61_000);
    expect(timeLeft()).toHaveTextContent('48:59');

    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));
    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    await elapse(1000);
    expect(timeLeft()).toHaveTextContent(/^(10:00|09:59)$/);
  });

  it('warns at 5 and 1 minutes, visibly and to screen readers', async () => {
    renderAttempt(makeAttemptView({ remainingMs: 5 * 60_000 + 2000 }));
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });
    const live = document.querySelector('[aria-live="assertive"]');
    expect(live).toHaveTextContent('');

    await elapse(2000);
    expect(live).toHaveTextContent('5 minutes left');
    expect(screen.getByText('5 minutes left', { selector: 'p.font-semibold' })).toBeVisible();

    await elapse(4 * 60_000);
    expect(live).toHaveTextContent('1 minute left');
    expect(screen.getByText('1 minute left', { selector: 'p.font-semibold' })).toBeVisible();
  });

  it('at zero, locks the answers, sends the last change and shows the receipt once the server has submitted', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let polls = 0;
    const { requests } = renderAttempt(makeAttemptView({ remainingMs: 3000 }), {
      [GET]: () => {
        polls += 1;
        return ok(
          polls < 3
            ? makeAttemptView({ remainingMs: 3000 })
            : makeAttemptView({
                attempt: {
                  ...makeAttemptView().attempt,
                  status: 'SUBMITTED',
                  submittedAt: '2030-03-14T09:40:03.000Z',
                  submitTrigger: 'DEADLINE',
                },
                answers: [saved({ questionId: ids.mcq1, selectedOptionId: '0', seq: 8 })],
              }),
        );
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Multiple choice' });
    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));

    await elapse(3000);

    const live = document.querySelector('[aria-live="assertive"]');
    expect(live).toHaveTextContent(ATTEMPT_MESSAGES.timeOver);
    expect(within(question('Question 1')).getByRole('radio', { name: 'Queue' })).toBeDisabled();
    expect(timeLeft()).toHaveTextContent('00:00');
    // Sent at once, not after the usual pause: the server still takes it for a few seconds.
    await waitFor(() => expect(savesOf(requests)).toHaveLength(1));
    expect(savesOf(requests)[0]?.answers).toMatchObject([{ questionId: ids.mcq1 }]);

    await elapse(6000);
    const receipt = await screen.findByRole('region', { name: 'Exam submitted' });
    expect(receipt).toHaveTextContent(ATTEMPT_MESSAGES.submittedAtDeadline);
    expect(receipt).toHaveTextContent('Answers saved1 of 5');
  });
});

describe('AttemptPage: multiple select and numerical questions', { timeout: 20_000 }, () => {
  const view = () => makeAttemptView({ sections: [newTypesSection] });

  it('answers both by keyboard: checkboxes in a named group, a number with a decimal comma and its unit', async () => {
    const user = userEvent.setup();
    const { requests } = renderAttempt(view());
    const choices = await screen.findByRole('group', { name: /Select all that apply/ });
    expect(choices).toHaveAccessibleName(
      'Question 1 Which of these conduct electricity? Select all that apply.',
    );

    act(() => within(choices).getByRole('checkbox', { name: 'Aluminium' }).focus());
    await user.keyboard(' ');
    await user.tab();
    expect(within(choices).getByRole('checkbox', { name: 'Copper' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    await user.keyboard(' ');
    expect(within(choices).getByRole('checkbox', { name: 'Glass' })).not.toBeChecked();

    const number = screen.getByRole('textbox', { name: 'Your answer to question 2' });
    expect(number).toHaveAttribute('inputmode', 'decimal');
    await user.tab();
    await user.tab();
    expect(number).toHaveFocus();
    await user.keyboard('11,9');
    await user.tab();
    const unit = screen.getByRole('combobox', { name: 'Unit of your answer to question 2' });
    expect(unit).toHaveFocus();
    await user.selectOptions(unit, 'mA');

    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByRole('button', { name: 'Question 2: answered' })).toBeVisible();
    expect(within(palette).getByText('2 of 2 answered')).toBeVisible();
    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    const latest = new Map(
      savesOf(requests)
        .flatMap((save) => save.answers)
        .map((answer) => [answer.questionId, answer]),
    );
    // The chosen options keep the order shown; the number goes as typed.
    expect(latest.get(ids.multiSelect)).toEqual({
      questionId: ids.multiSelect,
      selectedOptionId: null,
      text: null,
      selectedOptionIds: ['2', '0'],
      markedForReview: false,
    });
    expect(latest.get(ids.numerical)).toEqual({
      questionId: ids.numerical,
      selectedOptionId: null,
      text: null,
      number: '11,9',
      unit: 'mA',
      markedForReview: false,
    });
  });

  it('says in place that a text is not a number and never sends it; a unit chosen first goes with the number', async () => {
    const user = userEvent.setup();
    const { requests } = renderAttempt(view());
    const number = await screen.findByRole('textbox', { name: 'Your answer to question 2' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Unit of your answer to question 2' }),
      'A',
    );
    await user.type(number, '1.2.3');
    await user.tab();
    expect(number).toHaveAccessibleDescription(ATTEMPT_MESSAGES.notANumber);
    expect(number).toBeInvalid();
    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    const sent = savesOf(requests).flatMap((save) => save.answers);
    // The unit alone is no answer: it is not sent without a number, and '1.2' went before '.3'.
    expect(sent.filter((answer) => answer.questionId === ids.numerical).at(-1)).toEqual({
      questionId: ids.numerical,
      selectedOptionId: null,
      text: null,
      number: '1.2',
      unit: 'A',
      markedForReview: false,
    });
    expect(sent.some((answer) => answer.number === '1.2.3')).toBe(false);

    await user.clear(number);
    await user.type(number, '1.2e-2');
    expect(number).toBeValid();
    expect(screen.queryByText(ATTEMPT_MESSAGES.notANumber)).not.toBeInTheDocument();
  });

  it('opens with the choices and the number the device had not sent yet, and sends them', async () => {
    const outbox = await getOutbox();
    const device = { attemptId: ids.attempt, selectedOptionId: null, text: null, seq: 8 };
    await outbox.put({
      ...device,
      questionId: ids.multiSelect,
      selectedOptionIds: ['0'],
      markedForReview: false,
    });
    await outbox.put({
      ...device,
      questionId: ids.numerical,
      number: '0,012',
      unit: 'A',
      markedForReview: true,
    });
    const { requests } = renderAttempt(view());

    expect(await screen.findByRole('checkbox', { name: 'Copper' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your answer to question 2' })).toHaveValue('0,012');
    await waitFor(() => expect(savesOf(requests)).toHaveLength(1));
    expect(savesOf(requests)[0]?.answers).toEqual([
      {
        questionId: ids.multiSelect,
        selectedOptionId: null,
        text: null,
        selectedOptionIds: ['0'],
        markedForReview: false,
      },
      {
        questionId: ids.numerical,
        selectedOptionId: null,
        text: null,
        number: '0,012',
        unit: 'A',
        markedForReview: true,
      },
    ]);
  });

  it('shows the saved answers again after a reload, counted as answered', async () => {
    renderAttempt(
      makeAttemptView({
        sections: [newTypesSection],
        answers: [
          saved({ questionId: ids.multiSelect, selectedOptionIds: ['1'] }),
          saved({ questionId: ids.numerical, number: '1.2e-2', unit: 'A' }),
        ],
      }),
    );
    expect(await screen.findByRole('checkbox', { name: 'Glass' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Copper' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your answer to question 2' })).toHaveValue(
      '1.2e-2',
    );
    expect(screen.getByRole('combobox', { name: 'Unit of your answer to question 2' })).toHaveValue(
      'A',
    );
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByText('2 of 2 answered')).toBeVisible();
  });
});

describe('AttemptPage: fill-in-the-blanks, matching and ordering questions', {
  timeout: 20_000,
}, () => {
  const view = () => makeAttemptView({ sections: [partsSection] });
  const latestAnswers = (requests: ApiRequest[]) =>
    new Map(
      savesOf(requests)
        .flatMap((save) => save.answers)
        .map((answer) => [answer.questionId, answer]),
    );

  it('types into the blanks where they stand in the sentence, one entry per blank', async () => {
    const user = userEvent.setup();
    const { requests } = renderAttempt(view());
    const sentence = await screen.findByRole('article', { name: 'Question 1' });
    const first = await within(sentence).findByRole('textbox', { name: 'Blank 1' });
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByText('0 of 3 answered')).toBeVisible();

    // The second blank alone: the first goes as an empty entry, and the question counts as answered.
    act(() => first.focus());
    await user.tab();
    expect(within(question('Question 1')).getByRole('textbox', { name: 'Blank 2' })).toHaveFocus();
    await user.keyboard('12,2');
    expect(within(palette).getByText('1 of 3 answered')).toBeVisible();
    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    expect(latestAnswers(requests).get(ids.fillIn)).toEqual({
      questionId: ids.fillIn,
      selectedOptionId: null,
      text: null,
      blanks: ['', '12,2'],
      markedForReview: false,
    });

    await user.click(first);
    await user.keyboard('ohms');
    await waitFor(() =>
      expect(latestAnswers(requests).get(ids.fillIn)?.blanks).toEqual(['ohms', '12,2']),
    );
  });

  it('matches each prompt with its own labelled select, leaving out a prompt unchosen', async () => {
    const user = userEvent.setup();
    const { requests } = renderAttempt(view());
    const copper = await screen.findByRole('combobox', { name: 'Copper' });
    const glass = screen.getByRole('combobox', { name: 'Glass' });
    expect(
      within(copper)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a match', 'Insulator', 'Superconductor', 'Conductor']);
    await user.selectOptions(copper, 'Conductor');
    await user.selectOptions(glass, 'Insulator');
    await user.selectOptions(glass, '');
    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    expect(latestAnswers(requests).get(ids.matching)).toEqual({
      questionId: ids.matching,
      selectedOptionId: null,
      text: null,
      matches: { 'p-cu': 'm-con' },
      markedForReview: false,
    });
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByRole('button', { name: 'Question 2: answered' })).toBeVisible();
  });

  it('moves items by keyboard, announcing each move and keeping focus on the item; nothing is saved before', async () => {
    const user = userEvent.setup();
    const { requests } = renderAttempt(view());
    const card = await screen.findByRole('article', { name: 'Question 3' });
    const list = within(card).getByRole('list');
    const shown = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(shown()[0]).toContain('Read the ammeter');
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByRole('button', { name: 'Question 3: not answered' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Move Read the ammeter up' })).toBeDisabled();

    act(() => within(list).getByRole('button', { name: 'Move Switch the supply on up' }).focus());
    await user.keyboard('{Enter}');
    expect(shown()[0]).toContain('Switch the supply on');
    expect(screen.getByText('Switch the supply on moved to position 1 of 3')).toBeInTheDocument();
    // At the top its Move up is disabled: focus stays with the item, on its Move down.
    expect(
      within(list).getByRole('button', { name: 'Move Switch the supply on down' }),
    ).toHaveFocus();

    act(() => within(list).getByRole('button', { name: 'Move Read the ammeter down' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.getByText('Read the ammeter moved to position 3 of 3')).toBeInTheDocument();
    act(() => within(list).getByRole('button', { name: 'Move Read the ammeter up' }).focus());
    await user.keyboard('{Enter}');
    expect(within(list).getByRole('button', { name: 'Move Read the ammeter up' })).toHaveFocus();
    expect(screen.getByText('Read the ammeter moved to position 2 of 3')).toBeInTheDocument();

    await waitFor(() => expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved));
    expect(latestAnswers(requests).get(ids.ordering)).toEqual({
      questionId: ids.ordering,
      selectedOptionId: null,
      text: null,
      order: ['i-on', 'i-read', 'i-off'],
      markedForReview: false,
    });
    expect(within(palette).getByRole('button', { name: 'Question 3: answered' })).toBeVisible();
  });

  it('opens with the blanks, pairs and order saved before', async () => {
    renderAttempt(
      makeAttemptView({
        sections: [partsSection],
        answers: [
          saved({ questionId: ids.fillIn, blanks: ['ohm', ''] }),
          saved({ questionId: ids.matching, matches: { 'p-glass': 'm-ins' } }),
          saved({ questionId: ids.ordering, order: ['i-off', 'i-on', 'i-read'] }),
        ],
      }),
    );
    expect(await screen.findByRole('textbox', { name: 'Blank 1' })).toHaveValue('ohm');
    expect(screen.getByRole('textbox', { name: 'Blank 2' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Glass' })).toHaveDisplayValue('Insulator');
    expect(screen.getByRole('combobox', { name: 'Copper' })).toHaveDisplayValue('Choose a match');
    const items = within(within(question('Question 3')).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Switch the supply off'),
      expect.stringContaining('Switch the supply on'),
      expect.stringContaining('Read the ammeter'),
    ]);
    expect(
      within(screen.getByRole('navigation', { name: 'Questions' })).getByText('3 of 3 answered'),
    ).toBeVisible();
  });

  it('says which questions of a section with internal choice count, and counts answers past K without stopping them', async () => {
    const user = userEvent.setup();
    const choice = makeSection(0, { answerAny: 1 });
    const { requests } = renderAttempt(makeAttemptView({ sections: [choice] }));

    expect(await screen.findByText(answerAnyNotice(1, choice.totalQuestions))).toBeVisible();
    const count = screen.getByText('0 of 1 answered');
    expect(count).toHaveRole('status');
    await user.click(within(question('Question 1')).getByRole('radio', { name: 'Stack' }));
    expect(count).toHaveTextContent('1 of 1 answered');
    await user.click(within(question('Question 2')).getByRole('radio', { name: 'Queue' }));
    expect(count).toHaveTextContent('2 answered: your best 1 count');
    expect(within(question('Question 2')).getByRole('radio', { name: 'Queue' })).toBeChecked();
    await waitFor(() =>
      expect(savesOf(requests).flatMap((save) => save.answers.map((a) => a.questionId))).toEqual(
        expect.arrayContaining([ids.mcq1, ids.mcq2]),
      ),
    );
  });
});
