import { answerAnyCounted, type ResultQuestion, type StudentResultData } from '@examiq/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import ResultPage from './result-page';
import { ids, makeMyExam } from './test-fixtures';

const multiSelect: ResultQuestion = {
  _id: ids.multiSelect,
  questionText: 'Which of these conduct electricity?',
  questionType: 'MULTI_SELECT',
  marks: 2,
  awardedMarks: 1,
  options: [
    { _id: '0', text: 'Copper' },
    { _id: '1', text: 'Glass' },
    { _id: '2', text: 'Aluminium' },
  ],
  selectedOptionId: null,
  text: null,
  selectedOptionIds: ['0', '1'],
  comment: null,
  correctOptionIds: ['0', '2'],
  explanation: 'Metals carry current.',
};

const numerical: ResultQuestion = {
  _id: ids.numerical,
  questionText: 'What current flows through 1 kΩ at 12 V?',
  questionType: 'NUMERICAL',
  marks: 2,
  awardedMarks: 1.5,
  selectedOptionId: null,
  text: null,
  number: '11,9',
  unit: null,
  comment: null,
  acceptedAnswers: ['0.012 ± 2% A', '12 mA (50%)'],
};

function result(questions: ResultQuestion[], showAnswersAfterPublish = true): StudentResultData {
  const { _id, examId, examTitle, subject, examMode, totalMarks, passingMarks, scheduleDetails } =
    makeMyExam();
  return {
    exam: {
      _id,
      examId,
      examTitle,
      subject,
      examMode,
      totalMarks,
      passingMarks,
      scheduleDetails,
      showAnswersAfterPublish,
    },
    total: 2.5,
    passed: false,
    submittedAt: '2030-03-14T10:00:00.000Z',
    sections: [
      {
        sectionId: ids.sectionA,
        name: 'Circuits',
        marks: 2.5,
        maxMarks: 4,
        isOptional: false,
        counted: true,
        questions,
      },
    ],
  };
}

function renderResult(data: StudentResultData) {
  fakeAdminApi({ [`GET /student/get-result/${ids.exam}`]: ok(data) });
  renderPage(<ResultPage />, '/student/result/:examId', [], `/student/result/${ids.exam}`);
}

describe('ResultPage: multiple select and numerical questions', () => {
  it('shows the chosen options and the correct ones, and the number against the accepted answers', async () => {
    renderResult(result([multiSelect, numerical]));
    expect(await screen.findByText('1 / 2 marks')).toBeVisible();
    const options = within(screen.getByRole('list', { name: 'Options' }));
    const [copper, glass, aluminium] = options.getAllByRole('listitem');
    expect(copper).toHaveTextContent('CopperYour answerCorrect answer');
    expect(glass).toHaveTextContent('GlassYour answer');
    expect(glass).not.toHaveTextContent('Correct answer');
    expect(aluminium).toHaveTextContent('AluminiumCorrect answer');
    expect(aluminium).not.toHaveTextContent('Your answer');

    expect(screen.getByText('1.5 / 2 marks')).toBeVisible();
    const numberItem = screen.getByText('11,9').closest('li');
    expect(numberItem).toHaveTextContent('Your answer11,9');
    expect(numberItem).toHaveTextContent('Accepted answers0.012 ± 2% A12 mA (50%)');
  });

  it('says a question was not answered, and shows no key when the exam keeps it', async () => {
    renderResult(
      result(
        [
          { ...multiSelect, selectedOptionIds: [], correctOptionIds: undefined, awardedMarks: 0 },
          { ...numerical, number: null, acceptedAnswers: undefined, awardedMarks: 0 },
        ],
        false,
      ),
    );
    expect(
      await screen.findByText('This exam does not show the correct answers or explanations.'),
    ).toBeVisible();
    expect(screen.getAllByText('Not answered')).toHaveLength(2);
    expect(screen.queryByText('Correct answer')).not.toBeInTheDocument();
    expect(screen.queryByText(/Accepted answers/)).not.toBeInTheDocument();
  });

  it('shows the unit beside the number', async () => {
    renderResult(result([{ ...numerical, number: '1.2e-2', unit: 'A' }]));
    expect(await screen.findByText('1.2e-2 A')).toBeVisible();
  });
});

const fillIn: ResultQuestion = {
  _id: ids.fillIn,
  questionText: 'Resistance is measured in [[1]]; 12 V across 1 kΩ drives [[2]] mA.',
  questionType: 'FILL_IN_BLANKS',
  marks: 2,
  awardedMarks: 1,
  selectedOptionId: null,
  text: null,
  blanks: ['Ohms', ''],
  comment: null,
  acceptedBlanks: [['ohms', 'ohm'], ['12 ± 0.5']],
};

const matching: ResultQuestion = {
  _id: ids.matching,
  questionText: 'Match each material with what it is.',
  questionType: 'MATCHING',
  marks: 2,
  awardedMarks: 1,
  selectedOptionId: null,
  text: null,
  matches: { 'p-cu': 'm-con', 'p-glass': 'm-super' },
  prompts: [
    { _id: 'p-cu', text: 'Copper' },
    { _id: 'p-glass', text: 'Glass' },
  ],
  matchChoices: [
    { _id: 'm-ins', text: 'Insulator' },
    { _id: 'm-super', text: 'Superconductor' },
    { _id: 'm-con', text: 'Conductor' },
  ],
  comment: null,
  correctMatches: { 'p-cu': 'm-con', 'p-glass': 'm-ins' },
};

const ordering: ResultQuestion = {
  _id: ids.ordering,
  questionText: 'Put the steps of the measurement in order.',
  questionType: 'ORDERING',
  marks: 2,
  awardedMarks: 0.5,
  selectedOptionId: null,
  text: null,
  order: ['i-on', 'i-off', 'i-read'],
  items: [
    { _id: 'i-read', text: 'Read the ammeter' },
    { _id: 'i-on', text: 'Switch the supply on' },
    { _id: 'i-off', text: 'Switch the supply off' },
  ],
  comment: null,
  correctOrder: ['i-on', 'i-read', 'i-off'],
};

describe('ResultPage: fill-in-the-blanks, matching and ordering questions', () => {
  it('shows each blank, pair and place beside the key', async () => {
    renderResult(result([fillIn, matching, ordering]));
    const first = await screen.findByRole('row', { name: /Blank 1/ });
    expect(first).toHaveTextContent('Blank 1Ohmsohms · ohm');
    expect(screen.getByRole('row', { name: /Blank 2/ })).toHaveTextContent('Blank 2Empty12 ± 0.5');

    const pairs = within(screen.getByRole('list', { name: 'Your matches' }));
    const [copper, glass] = pairs.getAllByRole('listitem');
    expect(copper).toHaveTextContent('Copper→matched withConductorRight');
    expect(glass).toHaveTextContent('Glass→matched withSuperconductorWrongCorrect: Insulator');

    const yours = screen.getByText('Your order').nextElementSibling as HTMLElement;
    expect(
      within(yours)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1.Switch the supply onRight',
      '2.Switch the supply offWrong',
      '3.Read the ammeterWrong',
    ]);
    const key = screen.getByText('Correct order').nextElementSibling as HTMLElement;
    expect(within(key).getAllByRole('listitem')[1]).toHaveTextContent('2.Read the ammeter');
    expect(screen.getByText('0.5 / 2 marks')).toBeVisible();
  });

  it('says each was not answered, and shows no key when the exam keeps it', async () => {
    renderResult(
      result(
        [
          { ...fillIn, blanks: undefined, acceptedBlanks: undefined, awardedMarks: 0 },
          { ...matching, matches: undefined, correctMatches: undefined, awardedMarks: 0 },
          { ...ordering, order: undefined, correctOrder: undefined, awardedMarks: 0 },
        ],
        false,
      ),
    );
    expect(await screen.findAllByText('Not answered')).toHaveLength(3);
    expect(screen.queryByText('Correct order')).not.toBeInTheDocument();
    expect(screen.queryByText(/Right|Wrong|Accepted/)).not.toBeInTheDocument();
  });
});

function upload(files: ResultQuestion['files']): ResultQuestion {
  return {
    _id: ids.multiSelect,
    questionText: 'Derive the current through the 1 kΩ resistor. Show your working.',
    questionType: 'FILE_UPLOAD',
    marks: 5,
    awardedMarks: files?.length ? 4 : 0,
    selectedOptionId: null,
    text: null,
    files,
    comment: files?.length ? 'Clear working' : null,
  };
}

describe('ResultPage: file upload questions', () => {
  it('lists the files the student uploaded, each a link that opens it, with its size', async () => {
    const file = (n: number, fileName: string, contentType: string, bytes: number) => ({
      _id: `80000000-0000-4000-8000-00000000000${n}`,
      questionId: ids.multiSelect,
      fileName,
      contentType,
      bytes,
      uploadedAt: '2030-03-14T09:40:00.000Z',
      url: `/api/answer-files/8000000${n}?aud=result&exp=1900000000&sig=abc`,
    });
    renderResult(
      result([
        upload([
          file(1, 'working.pdf', 'application/pdf', 2_516_582),
          file(2, 'page 2.png', 'image/png', 800),
        ]),
      ]),
    );
    const files = await screen.findByRole('list', { name: 'Your files' });
    const items = within(files).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'working.pdf (opens in a new tab)2.4 MB',
      'page 2.png (opens in a new tab)800 bytes',
    ]);
    const link = within(files).getByRole('link', { name: 'working.pdf (opens in a new tab)' });
    expect(link).toHaveAttribute(
      'href',
      '/api/answer-files/80000001?aud=result&exp=1900000000&sig=abc',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Clear working')).toBeInTheDocument();
  });

  it('says no files were uploaded', async () => {
    renderResult(result([upload([])]));
    expect(await screen.findByText('No files uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your files' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not answered')).not.toBeInTheDocument();
  });
});

describe('ResultPage: a section with internal choice', () => {
  it('says the best answers count and marks each answer counted or not', async () => {
    const data = result([
      { ...numerical, counted: true },
      { ...multiSelect, counted: false },
    ]);
    renderResult({
      ...data,
      sections: data.sections.map((section) => ({ ...section, answerAny: 1 })),
    });
    expect(await screen.findByText(answerAnyCounted(1))).toBeVisible();
    expect(screen.getByText('1.5 / 2 marks').parentElement).toHaveTextContent('Counted');
    expect(screen.getByText('1 / 2 marks').parentElement).toHaveTextContent('Not counted');
  });

  it('says nothing of counting where every answer counts', async () => {
    renderResult(result([numerical]));
    expect(await screen.findByText('1.5 / 2 marks')).toBeVisible();
    expect(screen.queryByText(/counted/i)).not.toBeInTheDocument();
  });
});
