import { randomUUID } from 'node:crypto';
import {
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  parseQuestionsDataSchema,
  QUESTION_FILE_LIMITS,
  successResponse,
  UPLOAD_MESSAGES,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import { createAudience, examsClient } from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import { bearer, createSignedInUser, type SignedInUser } from '../../test/users';
import {
  asRendered,
  fixture,
  questionsInFileOrder,
  trickyExam,
  uploadsExam,
  zippedFixture,
} from './test-support';

let t: TestApp;
let admin: SignedInUser;
/** A draft with a section of each question type, as the wizard saves one. */
let exam: { _id: string; examId: string };
let payload: ReturnType<typeof validExamPayload>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  const audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2024, 1);
  payload = validExamPayload(audience);
  exam = await examsClient(t.app, admin.accessToken).exam(payload);
});
afterAll(() => t.close());

const parsedResponse = successResponse(parseQuestionsDataSchema).strict();

interface Upload {
  format?: string;
  file?: { bytes: Uint8Array | string; name: string };
}

function parseQuestions({ format, file }: Upload) {
  const form = new FormData();
  if (format !== undefined) form.append('format', format);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/parse-questions',
    headers: bearer(admin.accessToken),
    payload: form,
  });
}

const exportQuestions = (examId: string, format: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/export-exam-questions/${examId}?format=${format}`,
    headers: bearer(admin.accessToken),
  });

describe(`POST /api/admin/parse-questions on ${TEST_ENGINE}`, () => {
  it.each([
    // The matching questions of both have no explanation.
    ['gift', 'moodle-docs.gift', '6 questions ready to add, 3 to complete, 3 skipped'],
    ['moodle-xml', 'moodle-export.xml', '6 questions ready to add, 2 to complete, 1 skipped'],
    ['qti', 'qti-items.xml', '2 questions ready to add, 2 to complete, 2 skipped'],
    ['aiken', 'aiken.txt', '0 questions ready to add, 2 to complete, 2 skipped'],
    ['moodle-xml', 'moodle-essays.xml', '4 questions ready to add, 1 skipped'],
    ['qti', 'qti-upload-items.xml', '3 questions ready to add, 2 skipped'],
  ])('reads a %s file and says what it found', async (format, name, message) => {
    const response = await parseQuestions({ format, file: { bytes: fixture(name), name } });
    expect(response.statusCode).toBe(200);
    const body = parsedResponse.parse(response.json());
    expect(body.message).toBe(message);
    expect(body.data.format).toBe(format);
  });

  it('reads a QTI content package', async () => {
    const response = await parseQuestions({
      format: 'qti',
      file: { bytes: zippedFixture('qti-package'), name: 'oceans.zip' },
    });
    expect(response.statusCode).toBe(200);
    expect(parsedResponse.parse(response.json()).data.questions).toHaveLength(2);
  });

  it.each([
    ['moodle-xml', 'moodle-essays.xml', { maxFiles: 2, maxFileMb: 5 }, 'audio, .mp3'],
    [
      'qti',
      'qti-upload-items.xml',
      { maxFiles: 1, maxFileMb: 10 },
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ])(
    'reads file upload questions from %s with their files, and says which it skipped',
    async (format, name, files, refusedTypes) => {
      const response = await parseQuestions({ format, file: { bytes: fixture(name), name } });
      const { data } = parsedResponse.parse(response.json());
      expect(data.questions[0]).toMatchObject({
        questionType: 'FILE_UPLOAD',
        fileTypes: ['PDF'],
        ...files,
      });
      expect(data.warnings).toContainEqual(
        expect.objectContaining({
          message: MESSAGES.fileTypesNotTaken(refusedTypes),
          skipped: true,
        }),
      );
    },
  );

  it('takes the format after the file as well as before it', async () => {
    const form = new FormData();
    form.append('file', new Blob([fixture('aiken.txt')]), 'aiken.txt');
    form.append('format', 'aiken');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/parse-questions',
      headers: bearer(admin.accessToken),
      payload: form,
    });
    expect(response.statusCode).toBe(200);
  });

  it('asks for the format and the file, by field', async () => {
    expectError(await parseQuestions({}), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: MESSAGES.formatRequired, file: MESSAGES.fileRequired },
    });
    const file = { bytes: fixture('aiken.txt'), name: 'aiken.txt' };
    expectError(await parseQuestions({ format: 'docx', file }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: MESSAGES.formatInvalid },
    });
  });

  it('refuses an empty file, a file of another format, an unreadable one', async () => {
    const upload = (format: string, bytes: Uint8Array | string) =>
      parseQuestions({ format, file: { bytes, name: 'questions' } });
    expectError(await upload('gift', ''), 400, { message: MESSAGES.fileEmpty });
    expectError(await upload('gift', fixture('moodle-export.xml')), 400, {
      message: MESSAGES.wrongFormat('gift'),
    });
    expectError(await upload('moodle-xml', fixture('moodle-docs.gift')), 400, {
      message: MESSAGES.wrongFormat('moodle-xml'),
    });
    expectError(await upload('aiken', zippedFixture('qti-package')), 400, {
      message: MESSAGES.wrongFormat('aiken'),
    });
    expectError(await upload('moodle-xml', '<quiz><question></quiz>'), 400, {
      message: MESSAGES.unreadable,
    });
    expectError(await upload('gift', new Uint8Array([0xff, 0xfe, 0x00, 0x41])), 400, {
      message: MESSAGES.unreadable,
    });
    expectError(await upload('aiken', 'Is it?\u0000\nA. Yes\nB. No\nANSWER: A\n'), 400, {
      message: MESSAGES.unreadable,
    });
    expectError(await upload('gift', '// nothing but a comment\n'), 400, {
      message: MESSAGES.noQuestions,
    });
  });

  it(`refuses more than ${QUESTION_FILE_LIMITS.maxQuestions} questions`, async () => {
    const question = 'Is this question number one of many?{T####It is one of many.}\n\n';
    const response = await parseQuestions({
      format: 'gift',
      file: { bytes: question.repeat(QUESTION_FILE_LIMITS.maxQuestions + 1), name: 'many.gift' },
    });
    expectError(response, 400, { message: MESSAGES.tooManyQuestions });
  });

  it('stops reading a file over the size limit with 413', async () => {
    const bytes = new Uint8Array(QUESTION_FILE_LIMITS.maxBytes + 1).fill(0x41);
    const response = await parseQuestions({ format: 'gift', file: { bytes, name: 'big.gift' } });
    expectError(response, 413, { message: MESSAGES.tooLarge });
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/parse-questions',
      headers: bearer(admin.accessToken),
      payload: { format: 'gift', file: '::Q::Is it?{T}' },
    });
    expectError(response, 400, { message: MESSAGES.notMultipart });
  });

  it('refuses a form cut off inside its file with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/parse-questions',
      headers: {
        ...bearer(admin.accessToken),
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.gift"\r\n\r\n::Q',
    });
    expectError(response, 400, { message: UPLOAD_MESSAGES.malformed });
  });
});

describe(`GET /api/admin/export-exam-questions/{examId} on ${TEST_ENGINE}`, () => {
  /** The draft's questions as a file read back gives them: in section order, numbered 1..n. */
  const expectedQuestions = () =>
    payload.questions.flat().map((question, index) => ({ ...question, order: index + 1 }));

  it.each([
    ['gift', 'text/plain; charset=utf-8', 'questions.gift'],
    ['moodle-xml', 'application/xml; charset=utf-8', 'questions.xml'],
    ['qti', 'application/zip', 'qti.zip'],
  ])('writes a %s file that reads back as the same questions', async (format, type, suffix) => {
    const response = await exportQuestions(exam._id, format);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exam.examId}-${suffix}"`,
    );
    const parsed = await parseQuestions({
      format,
      file: { bytes: response.rawPayload, name: `${exam.examId}-${suffix}` },
    });
    expect(parsed.statusCode).toBe(200);
    const { data } = parsedResponse.parse(parsed.json());
    expect(data.warnings).toEqual([]);
    expect(data.incomplete).toEqual([]);
    expect(data.questions).toEqual(expectedQuestions());
  });

  it.each(['gift', 'moodle-xml', 'qti'])(
    'writes multiple select and numerical questions as %s that read back the same',
    async (format) => {
      const sectionOf = (name: string) => {
        const section = trickyExam.sections.find((candidate) => candidate.name === name);
        if (!section) throw new Error(`No section ${name}`);
        return section;
      };
      const chosen = [sectionOf('Select all that apply'), sectionOf('Numbers')];
      const withNewTypes = {
        ...payload,
        totalMarks: 11,
        examSections: chosen.map((section, index) => ({
          name: section.name,
          order: String(index + 1),
          marks: section.questions.reduce((total, question) => total + question.marks, 0),
          questionType: section.questionType,
          totalQuestions: section.questions.length,
          timeLimit: 30,
          isOptional: false,
          instructions: ['Answer every question.'],
        })),
        questions: chosen.map((section) => section.questions),
      };
      const created = await examsClient(t.app, admin.accessToken).exam(withNewTypes);
      const response = await exportQuestions(created._id, format);
      expect(response.statusCode).toBe(200);
      const parsed = await parseQuestions({
        format,
        file: {
          bytes: response.rawPayload,
          name: `questions.${format === 'qti' ? 'zip' : format}`,
        },
      });
      const { data } = parsedResponse.parse(parsed.json());
      expect(data.warnings).toEqual([]);
      expect(data.incomplete).toEqual([]);
      // Through HTML (Moodle XML, QTI) what a student sees comes back: the same rendering.
      expect(asRendered(data.questions)).toEqual(
        asRendered(
          chosen
            .flatMap((section) => section.questions)
            .map((question, index) => ({ ...question, order: index + 1 })),
        ),
      );
    },
  );

  it.each(['moodle-xml', 'qti'])(
    'writes an exam’s file upload questions as %s that read back the same; GIFT says it cannot',
    async (format) => {
      const [section] = uploadsExam.sections;
      if (!section) throw new Error('No section of uploads');
      const marks = section.questions.reduce((total, question) => total + question.marks, 0);
      const created = await examsClient(t.app, admin.accessToken).exam({
        ...payload,
        totalMarks: marks,
        passingMarks: 5,
        examSections: [
          {
            name: section.name,
            order: '1',
            marks,
            questionType: 'FILE_UPLOAD',
            totalQuestions: section.questions.length,
            timeLimit: 30,
            isOptional: false,
            instructions: ['Upload your working.'],
          },
        ],
        questions: [section.questions],
      });
      const response = await exportQuestions(created._id, format);
      expect(response.statusCode).toBe(200);
      const parsed = await parseQuestions({
        format,
        file: { bytes: response.rawPayload, name: `questions.${format === 'qti' ? 'zip' : 'xml'}` },
      });
      const { data } = parsedResponse.parse(parsed.json());
      expect(data.warnings).toEqual([]);
      expect(data.incomplete).toEqual([]);
      expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(uploadsExam)));

      const gift = await exportQuestions(created._id, 'gift');
      expect(gift.statusCode).toBe(200);
      expect(gift.body).toContain('Moodle GIFT has no file upload question');
    },
  );

  it('answers 404 for an exam that does not exist', async () => {
    expectError(await exportQuestions(randomUUID(), 'gift'), 404, {
      message: MESSAGES.examNotFound,
    });
  });

  it('checks the exam id and the format', async () => {
    expectError(await exportQuestions('not-an-id', 'gift'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
    expectError(await exportQuestions(exam._id, 'aiken'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: MESSAGES.formatInvalid },
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/export-exam-questions/${exam._id}`,
      headers: bearer(admin.accessToken),
    });
    expectError(missing, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: MESSAGES.formatRequired },
    });
  });
});
