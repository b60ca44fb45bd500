import { RESULT_MESSAGES, type ScoredAnswer } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import GradingPage from './grading-page';
import {
  ESSAY_ID,
  EXAM_ID,
  makeAnswer,
  makeAnswerFile,
  makeAnswersData,
  SHORT_ID,
  UPLOAD_ID,
  uploadQuestion,
} from './test-fixtures';

const ANSWERS = `GET /faculty/get-answers-to-grade/${EXAM_ID}`;
const GRADE = 'POST /faculty/grade-answer';

const essays = [makeAnswer(1, ESSAY_ID), makeAnswer(2, ESSAY_ID)];
const script = [makeAnswer(1, SHORT_ID, { marks: 2 }), makeAnswer(1, ESSAY_ID)];

/** The first script's multiple choice answer, as the server scored it. */
const scoredChoice: ScoredAnswer = {
  _id: 'scored-choice',
  questionId: 'question-choice',
  sectionName: 'Choices',
  number: 3,
  questionText: 'Which sort is stable?',
  questionType: 'MCQ',
  outOf: 1,
  answer: 'B. Quicksort',
  marks: 0,
  overrideReason: null,
  markedAt: null,
};

/** Answers by the filter asked for: a question's answers, a script's, or all of them. */
function answersFor(request: ApiRequest) {
  const { questionId, attemptCode } = request.params ?? {};
  if (attemptCode) return ok(makeAnswersData(script, { scoredAnswers: [scoredChoice] }));
  if (questionId === ESSAY_ID) return ok(makeAnswersData(essays));
  return ok(makeAnswersData([...essays, makeAnswer(1, SHORT_ID, { marks: 2 })]));
}

type Grade = (request: ApiRequest) => { status: number; data: unknown };
const graded: Grade = (request) => {
  const { answerId, marks, comment } = request.data as Record<string, unknown>;
  return ok({ ...makeAnswer(1, ESSAY_ID), _id: answerId, marks, comment: comment ?? null });
};

function renderGrading(grade: Grade = graded, entry = `/faculty/grade/${EXAM_ID}`) {
  const requests = fakeAdminApi({ [ANSWERS]: answersFor, [GRADE]: grade });
  const { router } = renderPage(<GradingPage />, '/faculty/grade/:examId', [], entry);
  return { requests, router };
}

const card = (code: string) => screen.findByRole('article', { name: `Script ${code}` });

describe('GradingPage', () => {
  it('opens the first question with answers left to mark, its key beside the answers', async () => {
    const { router } = renderGrading();
    const first = await card('AAAA-0001');
    expect(router.state.location.search).toBe(`?question=${ESSAY_ID}`);
    const panel = screen.getByRole('region', { name: 'Essay · Question 1' });
    expect(panel).toHaveTextContent('Both divide and conquer; merge sort is stable.');
    expect(within(panel).getByRole('progressbar', { name: 'This question' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 2 marked',
    );
    // A long answer renders as content, its keywords marked once the renderer has loaded.
    await waitFor(() =>
      expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
        'Stable',
        'divide and conquer',
      ]),
    );
    expect(first).toHaveTextContent('8 words (150–500 expected)');
    expect(screen.getByRole('progressbar', { name: 'All written answers' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 4 marked',
    );
  });

  it('saves a mark typed with Enter and moves to the next answer', async () => {
    const { requests } = renderGrading();
    const first = await card('AAAA-0001');
    await userEvent.type(within(first).getByLabelText('Comment (optional)'), 'Good');
    await userEvent.type(within(first).getByLabelText('Marks out of 5'), '4.5{Enter}');

    expect(await within(first).findByRole('status')).toHaveTextContent('Saved');
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
      answerId: essays[0]?._id,
      marks: 4.5,
      comment: 'Good',
    });
    expect(within(await card('AAAA-0002')).getByLabelText('Marks out of 5')).toHaveFocus();
  });

  it('refuses marks above the question’s without sending them', async () => {
    const { requests } = renderGrading();
    const first = await card('AAAA-0001');
    const marks = within(first).getByLabelText('Marks out of 5');
    await userEvent.type(marks, '6{Enter}');
    expect(marks).toHaveAccessibleDescription(RESULT_MESSAGES.marksAboveQuestion(5));
    await userEvent.clear(marks);
    await userEvent.type(marks, '2.2{Enter}');
    expect(marks).toHaveAccessibleDescription('Marks go in steps of 0.5');
    expect(marks).toHaveFocus();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('keeps a failed save on screen until a retry saves it', async () => {
    let fail = true;
    renderGrading((request) =>
      fail
        ? { status: 503, data: { success: false, message: 'Service unavailable' } }
        : graded(request),
    );
    const first = await card('AAAA-0001');
    await userEvent.type(within(first).getByLabelText('Marks out of 5'), '3{Enter}');

    expect(await within(first).findByText('Not saved: Service unavailable')).toBeInTheDocument();
    expect(within(first).getByRole('status')).toHaveTextContent('Not saved');
    expect(screen.getByRole('alert')).toHaveTextContent('1 mark not saved yet');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry all' }));
    await waitFor(() => expect(within(first).getByRole('status')).toHaveTextContent('Saved'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(first).getByLabelText('Marks out of 5')).toHaveValue(3);
  });

  it('shows a script with every written answer and its question, by student', async () => {
    const { router } = renderGrading();
    await card('AAAA-0001');
    await userEvent.click(screen.getByRole('button', { name: 'By student' }));

    const short = await screen.findByRole('article', { name: 'Short answers · Question 1' });
    expect(router.state.location.search).toBe('?mode=student&script=AAAA-0001');
    expect(screen.getByRole('button', { name: 'By student' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(short).toHaveTextContent('Define a binary search tree.');
    expect(within(short).getByLabelText('Marks out of 2')).toHaveValue(2);
    expect(within(short).getByRole('status')).toHaveTextContent('Saved');
    const essay = screen.getByRole('article', { name: 'Essay · Question 1' });
    expect(within(essay).getByRole('status')).toHaveTextContent('Not marked');
    expect(screen.queryByRole('region', { name: 'Essay · Question 1' })).not.toBeInTheDocument();
  });

  it('changes a score the server gave only with a reason', async () => {
    const { requests } = renderGrading(
      graded,
      `/faculty/grade/${EXAM_ID}?mode=student&script=AAAA-0001`,
    );
    const scored = await screen.findByRole('region', { name: 'Scored by the server' });
    const choice = within(scored).getByRole('article', {
      name: 'Choices · Question 3 · MCQ (Multiple Choice)',
    });
    expect(choice).toHaveTextContent('Which sort is stable?');
    expect(choice).toHaveTextContent('B. Quicksort');
    expect(choice).toHaveTextContent('0 of 1 marks');

    await userEvent.click(within(choice).getByRole('button', { name: 'Change score' }));
    const marks = within(choice).getByLabelText('Marks out of 1');
    await userEvent.clear(marks);
    await userEvent.type(marks, '1');
    await userEvent.click(within(choice).getByRole('button', { name: 'Save the new score' }));
    expect(within(choice).getByLabelText('Reason for the change')).toHaveAccessibleDescription(
      RESULT_MESSAGES.overrideReasonRequired,
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(
      within(choice).getByLabelText('Reason for the change'),
      'Quicksort can be made stable as the question allows',
    );
    await userEvent.click(within(choice).getByRole('button', { name: 'Save the new score' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
        answerId: 'scored-choice',
        marks: 1,
        reason: 'Quicksort can be made stable as the question allows',
      }),
    );
    expect(await within(choice).findByRole('button', { name: 'Change score' })).toBeVisible();
  });

  it('opens the first script of an exam without written questions, to review its scores', async () => {
    const choicesOnly = (request: ApiRequest) =>
      ok(
        makeAnswersData([], {
          questions: [],
          scripts: [{ attemptCode: 'AAAA-0001', progress: { marked: 0, total: 0 } }],
          scoredAnswers: request.params?.attemptCode ? [scoredChoice] : [],
        }),
      );
    fakeAdminApi({ [ANSWERS]: choicesOnly, [GRADE]: graded });
    const { router } = renderPage(
      <GradingPage />,
      '/faculty/grade/:examId',
      [],
      `/faculty/grade/${EXAM_ID}`,
    );

    const scored = await screen.findByRole('region', { name: 'Scored by the server' });
    expect(router.state.location.search).toBe('?mode=student&script=AAAA-0001');
    expect(scored).toHaveTextContent('B. Quicksort');
    expect(screen.queryByRole('button', { name: 'By question' })).not.toBeInTheDocument();
    expect(
      screen.getByText('No written answers: every question is scored automatically.'),
    ).toBeVisible();
    expect(screen.queryByText('No answers to mark')).not.toBeInTheDocument();
  });

  it('goes from the last answer of a page to the next page, and on to its first answer', async () => {
    const pages = {
      currentPage: 1,
      totalPages: 2,
      totalCount: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    };
    fakeAdminApi({
      [ANSWERS]: (request) =>
        request.params?.page === 2
          ? ok(
              makeAnswersData([makeAnswer(3, ESSAY_ID, { attemptCode: 'AAAA-0003' })], {
                pagination: { ...pages, currentPage: 2, hasNextPage: false, hasPreviousPage: true },
              }),
            )
          : ok(makeAnswersData(essays, { pagination: pages })),
      [GRADE]: graded,
    });
    const { router } = renderPage(
      <GradingPage />,
      '/faculty/grade/:examId',
      [],
      `/faculty/grade/${EXAM_ID}?question=${ESSAY_ID}`,
    );
    await userEvent.type(
      within(await card('AAAA-0002')).getByLabelText('Marks out of 5'),
      '1{Enter}',
    );
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const third = await card('AAAA-0003');
    expect(router.state.location.search).toBe(`?question=${ESSAY_ID}&page=2`);
    await waitFor(() => expect(within(third).getByLabelText('Marks out of 5')).toHaveFocus());
  });

  it('tells a proctor who marks that the scripts open once every sitting is over', async () => {
    fakeAdminApi({ [ANSWERS]: ok(makeAnswersData([], { scripts: [], scriptsHeld: true })) });
    renderPage(<GradingPage />, '/faculty/grade/:examId', [], `/faculty/grade/${EXAM_ID}`);
    expect(await screen.findByText('Scripts open once every sitting is over')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('GradingPage: uploaded files', () => {
  const photo = makeAnswerFile('page-1.jpg', 'image/jpeg', 1_887_437, 1);
  const scan = makeAnswerFile('working.pdf', 'application/pdf', 420_000, 2);
  const uploads = [
    makeAnswer(1, UPLOAD_ID, { text: '', files: [photo, scan] }),
    makeAnswer(2, UPLOAD_ID, { text: '', files: [] }),
  ];

  function renderUploads(grade: Grade = graded) {
    const requests = fakeAdminApi({
      [ANSWERS]: () => ok(makeAnswersData(uploads, { questions: [uploadQuestion] })),
      [GRADE]: grade,
    });
    renderPage(
      <GradingPage />,
      '/faculty/grade/:examId',
      [],
      `/faculty/grade/${EXAM_ID}?question=${UPLOAD_ID}`,
    );
    return requests;
  }

  it('shows each file where it is marked: an image as itself, a PDF in a frame, in their order', async () => {
    renderUploads();
    const first = await card('AAAA-0001');
    const files = within(first).getByRole('list', { name: 'Uploaded files' });
    const [imageItem, pdfItem] = within(files).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(
      within(imageItem).getByRole('img', { name: 'Uploaded file page-1.jpg' }),
    ).toHaveAttribute('src', photo.url);
    expect(imageItem).toHaveTextContent('page-1.jpg');
    expect(imageItem).toHaveTextContent('1.8 MB');
    expect(within(pdfItem).getByTitle('Uploaded PDF working.pdf')).toHaveAttribute('src', scan.url);
    expect(pdfItem).toHaveTextContent('410 KB');
    const open = within(pdfItem).getByRole('link', { name: 'Open in a new tab (working.pdf)' });
    expect(open).toHaveAttribute('href', scan.url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(first).not.toHaveTextContent(/words/);
  });

  it('says when an answer has no files, and marks an upload as a written answer', async () => {
    const requests = renderUploads();
    const second = await card('AAAA-0002');
    expect(second).toHaveTextContent('No files uploaded');
    expect(within(second).queryByRole('list', { name: 'Uploaded files' })).toBeNull();

    const first = await card('AAAA-0001');
    const marks = within(first).getByLabelText('Marks out of 5');
    await userEvent.type(marks, '6{Enter}');
    expect(marks).toHaveAccessibleDescription(RESULT_MESSAGES.marksAboveQuestion(5));
    await userEvent.clear(marks);
    await userEvent.type(within(first).getByLabelText('Comment (optional)'), 'Pivot chosen well');
    await userEvent.type(marks, '4{Enter}');
    await waitFor(() => expect(within(first).getByRole('status')).toHaveTextContent('Saved'));
    expect(requests.find((request) => request.url === '/faculty/grade-answer')?.data).toEqual({
      answerId: uploads[0]?._id,
      marks: 4,
      comment: 'Pivot chosen well',
    });
    expect(within(second).getByLabelText('Marks out of 5')).toHaveFocus();
  });
});
