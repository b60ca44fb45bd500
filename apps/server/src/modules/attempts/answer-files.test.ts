import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ANSWER_FILE_MESSAGES,
  ANSWER_FILE_UPLOAD,
  ATTEMPT_MESSAGES,
  answerFileSchema,
  answersToGradeDataSchema,
  answerToGradeSchema,
  examDetailDataSchema,
  examReportDataSchema,
  studentResultDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { attemptAnswers } from '../../db/schema';
import { expectError } from '../../test/errors';
import { phonePhoto, picture, pngClaiming } from '../../test/images';
import { multipartBody } from '../../test/people-import';
import { attemptViewResponse, EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { bearer } from '../../test/users';
import {
  sweepUnreferencedAnswerFileContents,
  UNREFERENCED_CONTENT_KEPT_HOURS,
} from './answer-files';
import { createPaper, typedSection } from './test-support';

const suite = sittingSuite();
const { clock } = suite;

/** Up to three PDFs or photos of 5 MB each, and one PDF of 1 MB. */
const working = validQuestions.FILE_UPLOAD(1);
const onePdf = {
  ...validQuestions.FILE_UPLOAD(2),
  questionText: 'Upload the signed declaration as a PDF.',
  fileTypes: ['PDF' as const],
  maxFiles: 1,
  maxFileMb: 1,
};
const choice = validQuestions.MCQ(1);
const paper = {
  totalMarks: 11,
  passingMarks: 5,
  examSections: [
    typedSection('Working', '1', 'FILE_UPLOAD', 10, 2),
    typedSection('Choices', '2', 'MCQ', 1),
  ],
  questions: [[working, onePdf], [choice]],
};

const uploadedResponse = successResponse(answerFileSchema);

/** A PDF of about `bytes` bytes whose body says `text`. */
const pdf = (text: string, bytes = 0) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${text}\n`),
    Buffer.alloc(bytes),
    Buffer.from('\n%%EOF\n'),
  ]);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(
  accessToken: string | undefined,
  attemptId: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
) {
  const { payload, headers } = await multipartBody(file, fields);
  return suite.t.app.inject({
    method: 'POST',
    url: `/api/student/upload-answer-file/${attemptId}`,
    headers: { ...(accessToken ? bearer(accessToken) : {}), ...headers },
    payload,
  });
}

const contentRows = async (hash: string) =>
  (
    await queryRows<{ count: number }>(
      suite.t.database.db,
      sql`select count(*)::int as count from answer_file_contents where sha256 = ${hash}`,
    )
  )[0]?.count;

const storedBytes = async (fileId: string) => {
  const [row] = await queryRows<{ bytes: string }>(
    suite.t.database.db,
    sql`select encode(contents.bytes, 'hex') as bytes from answer_files as files
      inner join answer_file_contents as contents on contents.sha256 = files.sha256
      where files.id = ${fileId}`,
  );
  return Buffer.from(row?.bytes ?? '', 'hex');
};

let examId: string;
beforeAll(async () => {
  examId = (await suite.fixture.exam(paper))._id;
});

/** A student of the exam's section, started, with the ids of the three questions. */
async function sitting() {
  const student = await suite.fixture.student(suite.fixture.inSection.A);
  const view = await student.client.start(examId);
  const [files, choices] = view.sections;
  const ids = {
    working: files?.questions[0]?._id as string,
    onePdf: files?.questions[1]?._id as string,
    choice: choices?.questions[0]?._id as string,
  };
  const attemptId = view.attempt._id;
  return {
    ...student,
    view,
    attemptId,
    ids,
    upload: (questionId: string, file?: { bytes: Buffer; name: string }) =>
      upload(student.accessToken, attemptId, { questionId }, file),
  };
}

describe('authoring', () => {
  it('keeps the kinds, number and size of files for the admin and the preview', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam/${examId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { questions } = successResponse(examDetailDataSchema).parse(response.json()).data.exam;
    expect(questions[0]).toMatchObject([
      { questionType: 'FILE_UPLOAD', fileTypes: ['PDF', 'IMAGE'], maxFiles: 3, maxFileMb: 5 },
      { questionType: 'FILE_UPLOAD', fileTypes: ['PDF'], maxFiles: 1, maxFileMb: 1 },
    ]);
    const preview = await suite.fixture.adminCall('GET', `get-exam-preview/${examId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.sections[0].questions).toMatchObject([
      { fileTypes: ['PDF', 'IMAGE'], maxFiles: 3, maxFileMb: 5 },
      { fileTypes: ['PDF'], maxFiles: 1, maxFileMb: 1 },
    ]);
  });

  it.each([
    [{ fileTypes: [] }, { fileTypes: 'Choose at least one kind of file' }],
    [{ fileTypes: ['PDF', 'PDF'] }, { fileTypes: 'Each kind of file can be chosen once' }],
    [{ fileTypes: ['WORD'] }, { 'fileTypes.0': 'Please select a valid kind of file' }],
    [{ maxFiles: 0 }, { maxFiles: 'Maximum files must be at least 1' }],
    [{ maxFiles: 6 }, { maxFiles: 'Maximum files cannot exceed 5' }],
    [{ maxFiles: 2.5 }, { maxFiles: 'Maximum files must be a whole number' }],
    [{ maxFileMb: 0 }, { maxFileMb: 'Maximum file size must be at least 1 MB' }],
    [{ maxFileMb: 21 }, { maxFileMb: 'Maximum file size cannot exceed 20 MB' }],
  ])('refuses a question of %j', async (change, errors) => {
    const response = await createPaper(suite.fixture, paper, [
      [{ ...working, ...change }, onePdf],
      [choice],
    ]);
    expectError(response, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: Object.fromEntries(
        Object.entries(errors).map(([field, message]) => [`questions.0.0.${field}`, message]),
      ),
    });
  });
});

describe('POST /api/student/upload-answer-file/{attemptId}', () => {
  it('shows the student the kinds, number and size of files, and nothing else of the question', async () => {
    const { view, ids } = await sitting();
    expect(view.sections[0]?.questions).toEqual([
      {
        _id: ids.working,
        questionText: working.questionText,
        questionType: 'FILE_UPLOAD',
        marks: 5,
        fileTypes: ['PDF', 'IMAGE'],
        maxFiles: 3,
        maxFileMb: 5,
      },
      {
        _id: ids.onePdf,
        questionText: onePdf.questionText,
        questionType: 'FILE_UPLOAD',
        marks: 5,
        fileTypes: ['PDF'],
        maxFiles: 1,
        maxFileMb: 1,
      },
    ]);
    expect(view.files).toEqual([]);
  });

  it('stores a PDF (201) with a URL that shows it, and the same bytes again once, under the same id (200)', async () => {
    const student = await sitting();
    const bytes = pdf('My working for question one');
    const first = await student.upload(student.ids.working, { bytes, name: 'working.pdf' });
    expect(first.statusCode, first.body).toBe(201);
    const { data, message } = uploadedResponse.parse(first.json());
    expect(message).toBe(ANSWER_FILE_MESSAGES.uploaded);
    expect(data).toMatchObject({
      questionId: student.ids.working,
      fileName: 'working.pdf',
      contentType: 'application/pdf',
      bytes: bytes.length,
    });
    const shown = await suite.t.app.inject({ method: 'GET', url: data.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload).toEqual(bytes);
    expect(shown.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': "inline; filename*=UTF-8''working.pdf",
      'x-content-type-options': 'nosniff',
    });
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");

    const retry = await student.upload(student.ids.working, { bytes, name: 'working (1).pdf' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      message: ANSWER_FILE_MESSAGES.alreadyUploaded,
      data: { _id: data._id, fileName: 'working.pdf' },
    });
    // Another student's upload of the same bytes is their own file, on the same stored bytes.
    const other = await sitting();
    const theirs = await other.upload(other.ids.working, { bytes, name: 'mine.pdf' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data._id).not.toBe(data._id);
    expect(await contentRows(sha256(bytes))).toBe(1);
  });

  it("strips a phone photo's Exif with its GPS position; the stored bytes are what the hash names", async () => {
    const student = await sitting();
    const photo = await phonePhoto();
    const response = await student.upload(student.ids.working, {
      bytes: photo,
      name: 'IMG_0001.jpg',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = uploadedResponse.parse(response.json());
    expect(data.contentType).toBe('image/jpeg');
    const stored = await storedBytes(data._id);
    expect(stored.length).toBe(data.bytes);
    expect(stored.length).toBeLessThan(photo.length);
    for (const trace of ['Exif', 'PhoneMaker', 'xmpmeta', 'Dr Secret', 'examiner']) {
      expect(stored.toString('latin1')).not.toContain(trace);
    }
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(await contentRows(sha256(stored))).toBe(1);
    const shown = await suite.t.app.inject({ method: 'GET', url: data.url });
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['content-security-policy']).toContain('sandbox');
  });

  it.each([
    [
      'a PNG to a PDF-only question',
      async () => ({ bytes: await picture('png'), name: 'scan.png' }),
      'onePdf' as const,
      ANSWER_FILE_MESSAGES.wrongKind(['PDF']),
    ],
    [
      'a text file named .pdf',
      async () => ({ bytes: Buffer.from('Not really a PDF at all'), name: 'answer.pdf' }),
      'onePdf' as const,
      ANSWER_FILE_MESSAGES.wrongKind(['PDF']),
    ],
    [
      'a GIF, which is no kind a question takes',
      async () => ({ bytes: await picture('gif'), name: 'moving.gif' }),
      'working' as const,
      ANSWER_FILE_MESSAGES.wrongKind(['PDF', 'IMAGE']),
    ],
    [
      'a PDF larger than the question allows (1 MB)',
      async () => ({ bytes: pdf('big', 1024 * 1024), name: 'big.pdf' }),
      'onePdf' as const,
      ANSWER_FILE_MESSAGES.tooLarge(1),
    ],
    [
      'a JPEG cut off halfway',
      async () => {
        const jpeg = await picture('jpeg', { width: 300, height: 200, colour: '#abcdef' });
        return { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg' };
      },
      'working' as const,
      ANSWER_FILE_MESSAGES.unreadable,
    ],
    [
      'a photo of more megapixels than an image may have',
      async () => ({ bytes: pngClaiming(10_000, 5_000), name: 'camera.png' }),
      'working' as const,
      ANSWER_FILE_MESSAGES.tooManyPixels,
    ],
    [
      'an empty file',
      async () => ({ bytes: Buffer.alloc(0), name: 'empty.pdf' }),
      'working' as const,
      ANSWER_FILE_MESSAGES.noFile,
    ],
  ])(
    'refuses %s with 400 on the file field, storing nothing',
    async (_name, file, question, message) => {
      const student = await sitting();
      const response = await student.upload(student.ids[question], await file());
      expectError(response, 400, { message: VALIDATION_FAILED_MESSAGE, errors: { file: message } });
      expect(
        attemptViewResponse.parse(
          (await student.client.call('GET', `get-attempt/${student.attemptId}`)).json(),
        ).data.files,
      ).toEqual([]);
    },
  );

  it('cuts off an upload past 20 MB as it streams in', async () => {
    const student = await sitting();
    const boundary = 'answer-file-boundary';
    const chunk = Buffer.alloc(1024 * 1024);
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${student.ids.working}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      for (let megabyte = 0; megabyte < 25; megabyte++) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const response = await suite.t.app.inject({
      method: 'POST',
      url: `/api/student/upload-answer-file/${student.attemptId}`,
      headers: {
        ...bearer(student.accessToken),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Readable.from(body()),
    });
    expectError(response, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { file: ANSWER_FILE_MESSAGES.tooLarge(20) },
    });
  });

  it('names the question field: missing, not of the attempt, not a file question', async () => {
    const student = await sitting();
    const file = { bytes: pdf('x'), name: 'x.pdf' };
    expectError(await upload(student.accessToken, student.attemptId, {}, file), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { questionId: ANSWER_FILE_MESSAGES.noQuestion },
    });
    expectError(await student.upload(student.ids.working), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { file: ANSWER_FILE_MESSAGES.noFile },
    });
    expectError(await student.upload(randomUUID(), file), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { questionId: ATTEMPT_MESSAGES.questionNotInAttempt },
    });
    expectError(await student.upload(student.ids.choice, file), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { questionId: ANSWER_FILE_MESSAGES.notFileQuestion },
    });
  });

  it("refuses another student's attempt (404), no token (401), and staff (403)", async () => {
    const owner = await sitting();
    const other = await suite.fixture.student(suite.fixture.inSection.A);
    const file = { bytes: pdf('intruder'), name: 'x.pdf' };
    const fields = { questionId: owner.ids.working };
    expectError(await upload(other.accessToken, owner.attemptId, fields, file), 404, {
      message: ATTEMPT_MESSAGES.attemptNotFound,
    });
    expect((await upload(undefined, owner.attemptId, fields, file)).statusCode).toBe(401);
    expect(
      (await upload(suite.fixture.admin.accessToken, owner.attemptId, fields, file)).statusCode,
    ).toBe(403);
    const faculty = await suite.fixture.signedInFaculty();
    expect((await upload(faculty.accessToken, owner.attemptId, fields, file)).statusCode).toBe(403);
  });

  it(`keeps at most ${ANSWER_FILE_UPLOAD.maxStoredPerQuestion} files for one question of an attempt`, async () => {
    const student = await sitting();
    for (let index = 0; index < ANSWER_FILE_UPLOAD.maxStoredPerQuestion; index++) {
      const response = await student.upload(student.ids.working, {
        bytes: pdf(`page ${index}`),
        name: `page-${index}.pdf`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    expectError(
      await student.upload(student.ids.working, { bytes: pdf('one more'), name: 'x.pdf' }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          file: ANSWER_FILE_MESSAGES.tooManyUploads(ANSWER_FILE_UPLOAD.maxStoredPerQuestion),
        },
      },
    );
    // A retry of a file already kept is still answered.
    expect(
      (await student.upload(student.ids.working, { bytes: pdf('page 3'), name: 'p.pdf' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await student.upload(student.ids.onePdf, { bytes: pdf('other question'), name: 'o.pdf' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses an upload after the deadline and its grace, and after a submit (409)', async () => {
    const late = await sitting();
    const submitted = await sitting();
    expect((await submitted.client.submit(submitted.attemptId)).statusCode).toBe(200);
    const file = { bytes: pdf('too late'), name: 'late.pdf' };
    expectError(await submitted.upload(submitted.ids.working, file), 409, {
      message: ATTEMPT_MESSAGES.alreadySubmitted,
    });
    clock.set(new Date(Date.parse(late.view.attempt.deadlineAt) + 10_000));
    expect((await late.upload(late.ids.working, file)).statusCode).toBe(201);
    clock.set(new Date(Date.parse(late.view.attempt.deadlineAt) + 16_000));
    expectError(await late.upload(late.ids.onePdf, file), 409, {
      message: ATTEMPT_MESSAGES.timeOver,
    });
    clock.set(EXAM_DAY_TEN);
  });

  it('takes a timed section’s files once it is opened, until its time is over', async () => {
    const [uploads, choices] = paper.examSections;
    const timedExam = await suite.fixture.exam({
      ...paper,
      examSections: [choices, uploads].map((section) => ({ ...section, timeLimit: 10 })),
      questions: [[choice], [working, onePdf]],
    });
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(timedExam._id);
    const attemptId = view.attempt._id;
    const fileSection = view.sections[1]?._id as string;
    // Its questions are not shown before it is opened: the admin's view names them.
    const detail = await suite.fixture.adminCall('GET', `get-exam/${timedExam._id}`);
    const questionId = successResponse(examDetailDataSchema).parse(detail.json()).data.exam
      .questions[1]?.[0]?.id;
    const file = { bytes: pdf('timed'), name: 'timed.pdf' };
    expectError(
      await upload(student.accessToken, attemptId, { questionId: questionId as string }, file),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { questionId: ATTEMPT_MESSAGES.sectionNotOpened },
      },
    );
    const opened = await student.client.call('POST', `open-section/${attemptId}`, {
      sectionId: fileSection,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(
      (await upload(student.accessToken, attemptId, { questionId: questionId as string }, file))
        .statusCode,
    ).toBe(201);
    clock.advance(10 * MINUTE + 16_000);
    expectError(
      await upload(
        student.accessToken,
        attemptId,
        { questionId: questionId as string },
        { bytes: pdf('after'), name: 'a.pdf' },
      ),
      409,
      { message: ANSWER_FILE_MESSAGES.sectionClosed },
    );
    clock.set(EXAM_DAY_TEN);
  });
});

describe('the sweep of stored bytes', () => {
  it('removes bytes no file names once a day has passed since their last upload, and no others', async () => {
    const student = await sitting();
    const kept = pdf('Working that stays');
    const dropped = pdf('Working of a deleted student');
    for (const bytes of [kept, dropped]) {
      const sent = await student.upload(student.ids.working, { bytes, name: 'working.pdf' });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const db = suite.t.database.db;
    await queryRows(db, sql`delete from answer_files where sha256 = ${sha256(dropped)}`);
    const age = async (bytes: Buffer, hours: number) =>
      queryRows(
        db,
        sql`update answer_file_contents set uploaded_at = now() - make_interval(hours => ${hours})
          where sha256 = ${sha256(bytes)}`,
      );
    await age(dropped, UNREFERENCED_CONTENT_KEPT_HOURS - 1);
    await age(kept, UNREFERENCED_CONTENT_KEPT_HOURS + 1);
    expect(await sweepUnreferencedAnswerFileContents(db)).toBe(0);
    await age(dropped, UNREFERENCED_CONTENT_KEPT_HOURS + 1);
    expect(await sweepUnreferencedAnswerFileContents(db)).toBe(1);
    expect(await contentRows(sha256(dropped))).toBe(0);
    expect(await contentRows(sha256(kept))).toBe(1);
  });
});

describe('GET /api/answer-files/{fileId}', () => {
  it('refuses an altered link and an expired one (403)', async () => {
    const student = await sitting();
    const response = await student.upload(student.ids.working, {
      bytes: pdf('linked'),
      name: 'linked.pdf',
    });
    const { url, _id } = uploadedResponse.parse(response.json()).data;
    const get = (link: string) => suite.t.app.inject({ method: 'GET', url: link });
    expect((await get(url)).statusCode).toBe(200);
    const other = randomUUID();
    expectError(await get(url.replace(_id, other)), 403, {
      message: ANSWER_FILE_MESSAGES.linkInvalid,
    });
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expectError(await get(url.replace(`exp=${exp}`, `exp=${exp + 3600}`)), 403, {
      message: ANSWER_FILE_MESSAGES.linkInvalid,
    });
    clock.set(new Date(exp * 1000));
    expectError(await get(url), 403, { message: ANSWER_FILE_MESSAGES.linkExpired });
    clock.set(EXAM_DAY_TEN);
  });
});

describe('save-answers', () => {
  it('keeps the files an answer lists (awaiting marks), gives them back, and clears them (0 marks)', async () => {
    const student = await sitting();
    const first = uploadedResponse.parse(
      (
        await student.upload(student.ids.working, { bytes: pdf('page one'), name: 'one.pdf' })
      ).json(),
    ).data;
    const photo = uploadedResponse.parse(
      (
        await student.upload(student.ids.working, { bytes: await picture('png'), name: 'two.png' })
      ).json(),
    ).data;
    const declaration = uploadedResponse.parse(
      (
        await student.upload(student.ids.onePdf, { bytes: pdf('signed'), name: 'signed.pdf' })
      ).json(),
    ).data;
    const saved = await student.client.save(student.attemptId, {
      seq: 1,
      answers: [
        { questionId: student.ids.working, fileIds: [photo._id, first._id.toUpperCase()] },
        { questionId: student.ids.onePdf, fileIds: [declaration._id] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = async (questionId: string) =>
      (
        await suite.t.database.db
          .select({ response: attemptAnswers.response, marks: attemptAnswers.awardedMarks })
          .from(attemptAnswers)
          .where(
            and(
              eq(attemptAnswers.attemptId, student.attemptId),
              eq(attemptAnswers.questionId, questionId),
            ),
          )
      )[0];
    expect(await stored(student.ids.working)).toEqual({
      response: { fileIds: [photo._id, first._id] },
      marks: null,
    });
    const view = attemptViewResponse.parse(
      (await student.client.call('GET', `get-attempt/${student.attemptId}`)).json(),
    ).data;
    expect(view.files.map((file) => file._id)).toEqual([first._id, photo._id, declaration._id]);
    expect(view.files[1]).toMatchObject({ fileName: 'two.png', contentType: 'image/png' });
    expect(
      (await suite.t.app.inject({ method: 'GET', url: view.files[1]?.url as string })).statusCode,
    ).toBe(200);
    expect(view.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          questionId: student.ids.working,
          fileIds: [photo._id, first._id],
        }),
      ]),
    );
    const cleared = await student.client.save(student.attemptId, {
      seq: 2,
      answers: [{ questionId: student.ids.onePdf, fileIds: [] }],
    });
    expect(cleared.statusCode).toBe(200);
    expect(await stored(student.ids.onePdf)).toEqual({ response: null, marks: 0 });
  });

  it("refuses a file of another question, another student's file, too many files and the wrong kind of answer", async () => {
    const student = await sitting();
    const other = await sitting();
    const mine = uploadedResponse.parse(
      (await student.upload(student.ids.onePdf, { bytes: pdf('mine'), name: 'mine.pdf' })).json(),
    ).data;
    const second = uploadedResponse.parse(
      (
        await student.upload(student.ids.onePdf, { bytes: pdf('second'), name: 'second.pdf' })
      ).json(),
    ).data;
    const theirs = uploadedResponse.parse(
      (await other.upload(other.ids.working, { bytes: pdf('theirs'), name: 'theirs.pdf' })).json(),
    ).data;
    const refused = async (answer: Record<string, unknown>, errors: Record<string, string>) =>
      expectError(
        await student.client.save(student.attemptId, { seq: 1, answers: [answer] }),
        400,
        {
          message: VALIDATION_FAILED_MESSAGE,
          errors,
        },
      );
    await refused(
      { questionId: student.ids.working, fileIds: [mine._id] },
      { 'answers.0.fileIds': ATTEMPT_MESSAGES.fileNotOfQuestion },
    );
    await refused(
      { questionId: student.ids.working, fileIds: [theirs._id] },
      { 'answers.0.fileIds': ATTEMPT_MESSAGES.fileNotOfQuestion },
    );
    await refused(
      { questionId: student.ids.working, fileIds: [randomUUID()] },
      { 'answers.0.fileIds': ATTEMPT_MESSAGES.fileNotOfQuestion },
    );
    await refused(
      { questionId: student.ids.onePdf, fileIds: [mine._id, second._id] },
      { 'answers.0.fileIds': ATTEMPT_MESSAGES.tooManyFiles(1) },
    );
    await refused(
      { questionId: student.ids.working, text: 'My working, typed' },
      { 'answers.0.text': ATTEMPT_MESSAGES.answerKindMismatch },
    );
    await refused(
      { questionId: student.ids.choice, fileIds: [mine._id] },
      { 'answers.0.fileIds': ATTEMPT_MESSAGES.answerKindMismatch },
    );
  });
});

describe('marking and results', () => {
  it('lists an upload for marking with its files in the answer’s order, and shows the mark and files in the result, report and export', async () => {
    const markedExam = await suite.fixture.exam(paper);
    const evaluator = await suite.fixture.signedInFaculty();
    const evaluators = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/admin/set-exam-evaluators/${markedExam._id}`,
      headers: bearer(suite.fixture.admin.accessToken),
      payload: { evaluatorIds: [evaluator.userId] },
    });
    expect(evaluators.statusCode, evaluators.body).toBe(200);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(markedExam._id);
    const attemptId = view.attempt._id;
    const [workingId, onePdfId] = (view.sections[0]?.questions ?? []).map((q) => q._id);
    const choiceId = view.sections[1]?.questions[0]?._id as string;
    const send = async (questionId: string, bytes: Buffer, name: string) =>
      uploadedResponse.parse(
        (await upload(student.accessToken, attemptId, { questionId }, { bytes, name })).json(),
      ).data;
    const page = await send(workingId as string, pdf('page one of my working'), 'page-1.pdf');
    const photo = await send(workingId as string, await picture('jpeg'), 'page-2.jpg');
    await send(onePdfId as string, pdf('declaration'), 'declaration.pdf');
    const saved = await student.client.save(attemptId, {
      seq: 1,
      answers: [
        { questionId: workingId, fileIds: [photo._id, page._id] },
        { questionId: onePdfId, fileIds: [] },
        { questionId: choiceId, selectedOptionId: '0' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await student.client.submit(attemptId)).statusCode).toBe(200);

    const toGrade = await evaluator.call('GET', `get-answers-to-grade/${markedExam._id}`);
    expect(toGrade.statusCode, toGrade.body).toBe(200);
    const { questions, answers } = successResponse(answersToGradeDataSchema).parse(
      toGrade.json(),
    ).data;
    expect(questions.map((question) => question._id)).toEqual([workingId, onePdfId]);
    // The empty answer scored 0 as it was saved, as an empty written one does: nothing to mark.
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer).toMatchObject({ questionId: workingId, text: '', marks: null });
    expect(answer?.files?.map((file) => [file._id, file.fileName])).toEqual([
      [photo._id, 'page-2.jpg'],
      [page._id, 'page-1.pdf'],
    ]);
    const shown = await suite.t.app.inject({
      method: 'GET',
      url: answer?.files?.[1]?.url as string,
    });
    expect(shown.rawPayload).toEqual(pdf('page one of my working'));

    const graded = await evaluator.call('POST', 'grade-answer', {
      answerId: answer?._id,
      marks: 4,
      comment: 'Right method; the last step drops a sign.',
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(successResponse(answerToGradeSchema).parse(graded.json()).data).toMatchObject({
      marks: 4,
      files: [{ _id: photo._id }, { _id: page._id }],
    });

    clock.set(new Date(2030, 2, 15, 9, 0));
    const published = await suite.fixture.adminCall('POST', `publish-results/${markedExam._id}`);
    expect(published.statusCode, published.body).toBe(200);
    const result = await student.client.call('GET', `get-result/${markedExam._id}`);
    expect(result.statusCode, result.body).toBe(200);
    const { sections, total } = successResponse(studentResultDataSchema).parse(result.json()).data;
    expect(total).toBe(5);
    expect(sections[0]?.questions).toMatchObject([
      {
        _id: workingId,
        awardedMarks: 4,
        comment: 'Right method; the last step drops a sign.',
        files: [
          { _id: photo._id, fileName: 'page-2.jpg' },
          { _id: page._id, fileName: 'page-1.pdf' },
        ],
      },
      { _id: onePdfId, awardedMarks: 0, files: [] },
    ]);
    const resultFile = sections[0]?.questions[0]?.files?.[0]?.url as string;
    expect((await suite.t.app.inject({ method: 'GET', url: resultFile })).statusCode).toBe(200);

    const report = await suite.fixture.adminCall('GET', `get-exam-report/${markedExam._id}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(successResponse(examReportDataSchema).parse(report.json()).data.questions).toMatchObject(
      [
        { questionId: workingId, answered: 1, correctRate: 0, flag: null },
        { questionId: onePdfId, answered: 0, correctRate: 0, flag: null },
        { questionId: choiceId, answered: 1, correctRate: 1 },
      ],
    );
    const exported = await suite.fixture.adminCall('GET', `export-exam-answers/${markedExam._id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = exported.body
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(',').slice(4));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Q1', 'File Upload', 'page-2.jpg; page-1.pdf', '4', '5'],
        ['Q2', 'File Upload', '', '0', '5'],
      ]),
    );
    clock.set(EXAM_DAY_TEN);
  });
});
