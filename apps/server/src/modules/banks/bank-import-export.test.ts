import { randomUUID } from 'node:crypto';
import {
  BANK_IO_MESSAGES,
  BANK_MESSAGES,
  QUESTION_INTERCHANGE_MESSAGES,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bankQuestions } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { bankQuestionPayload, createBankFixture } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';
import { multipartBody } from '../../test/people-import';
import { bearer } from '../../test/users';
import { fixture } from '../question-interchange/test-support';

const t = await createTestApp();
afterAll(() => t.close());
const f = await createBankFixture(t.app, t.database.db);
const { asAdmin, course, otherCourse, author, reviewer, outsider } = f;

/** Two categories, one under a unit, and an essay the exam's rules refuse without its limits. */
const GIFT_WITH_CATEGORIES = `// Circuits
$CATEGORY: $course$/top/Unit 1/Kirchhoff

::KCL::The currents into a node add up to {=zero ~one ~two ####Charge is conserved.}

::KVL::The voltages around a closed loop add up to zero {T ####Energy is conserved.}

$CATEGORY: $course$/top/Unit 2

::Ohm::A resistor of 2 ohms carries 3 A. The voltage across it in volts is {#6 ####By Ohm's law.}

::Essay::Explain superposition in your own words {}
`;

const MOODLE_WITH_CATEGORIES = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Default for EE/Networks</text></category></question>
  <question type="truefalse">
    <name><text>Thevenin</text></name>
    <questiontext format="html"><text><![CDATA[<p>Any linear network reduces to a source and a resistor.</p>]]></text></questiontext>
    <generalfeedback format="html"><text>Thevenin's theorem.</text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="category"><category><text>$course$/top/Default for EE/Networks/Two-port</text></category></question>
  <question type="truefalse">
    <name><text>Reciprocity</text></name>
    <questiontext format="html"><text><![CDATA[<p>A passive network is reciprocal.</p>]]></text></questiontext>
    <generalfeedback format="html"><text>The reciprocity theorem.</text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>
`;

async function upload(
  caller: { token: string; area: 'admin' | 'faculty' },
  courseId: string,
  file: { bytes: Buffer; name: string } | undefined,
  fields: Record<string, string>,
) {
  const { payload, headers } = await multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/${caller.area}/import-bank-questions/${courseId}`,
    headers: { ...bearer(caller.token), ...headers },
    payload,
  });
}

const asAdminUpload = { token: f.admin.accessToken, area: 'admin' as const };
const gift = (text = GIFT_WITH_CATEGORIES) => ({ bytes: Buffer.from(text), name: 'unit.gift' });

const countIn = async (courseId: string) =>
  (await t.database.db.select().from(bankQuestions).where(eq(bankQuestions.courseId, courseId)))
    .length;

/** A course of its own, so a test reads its bank's tree as its imports alone make it. */
const freshCourse = () => f.bankCourse();

const categoriesOf = async (courseId: string) =>
  (await asAdmin('GET', `get-bank-categories/${courseId}`))
    .json()
    .data.categories.map((category: { path: string; totalCount: number }) => [
      category.path,
      category.totalCount,
    ]);

const exported = (query: Record<string, string>) =>
  asAdmin('GET', `export-bank-questions?${new URLSearchParams(query)}`);

describe(`importing into a bank (${TEST_ENGINE})`, () => {
  it('writes a GIFT file’s questions as Draft in its categories, under the one chosen', async () => {
    const courseId = await freshCourse();
    const response = await upload(asAdminUpload, courseId, gift(), {
      format: 'gift',
      category: 'Imported',
    });
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe(BANK_IO_MESSAGES.imported(3, 1, 0));
    expect(data).toMatchObject({
      format: 'gift',
      imported: 3,
      categories: [
        { path: 'Imported/Unit 1/Kirchhoff', count: 2 },
        { path: 'Imported/Unit 2', count: 1 },
      ],
      incomplete: [{ question: 4, title: 'Essay' }],
    });
    expect(await categoriesOf(courseId)).toEqual([
      ['', 3],
      ['Imported', 3],
      ['Imported/Unit 1', 2],
      ['Imported/Unit 1/Kirchhoff', 2],
      ['Imported/Unit 2', 1],
    ]);
    const listed = (
      await asAdmin('GET', `get-bank-questions?courseId=${courseId}&search=loop`)
    ).json().data.questions;
    expect(listed).toMatchObject([
      { status: 'DRAFT', bloomLevel: 'UNDERSTAND', questionType: 'TRUE_FALSE', version: 1 },
    ]);
    // The first file read starts the parser thread, which loads the readers' TypeScript.
  }, 90_000);

  it('keeps Moodle XML categories and takes the Bloom’s level chosen; a file without categories goes to the one chosen', async () => {
    const courseId = await freshCourse();
    const moodle = await upload(
      asAdminUpload,
      courseId,
      { bytes: Buffer.from(MOODLE_WITH_CATEGORIES), name: 'ee.xml' },
      { format: 'moodle-xml', bloomLevel: 'APPLY' },
    );
    expect(moodle.json().data.categories).toEqual([
      { path: 'Default for EE/Networks', count: 1 },
      { path: 'Default for EE/Networks/Two-port', count: 1 },
    ]);
    const plain = gift(
      '::KCL::The currents into a node add up to {=zero ~one ~two ####Charge is conserved.}\n',
    );
    const anonymous = await upload({ token: '', area: 'faculty' }, courseId, plain, {
      format: 'gift',
      category: 'Quiz',
    });
    expect(anonymous.statusCode).toBe(401);
    const asAuthor = await upload({ token: author.accessToken, area: 'faculty' }, courseId, plain, {
      format: 'gift',
      category: 'Quiz',
    });
    expect(asAuthor.statusCode).toBe(200);
    expect(asAuthor.json().data.categories).toEqual([{ path: 'Quiz', count: 1 }]);
    const applied = (
      await asAdmin('GET', `get-bank-questions?courseId=${courseId}&bloomLevel=APPLY`)
    ).json().data.pagination.totalCount;
    expect(applied).toBe(2);
  });

  it('reports an Aiken file’s questions as incomplete: the format has no explanation', async () => {
    const response = await upload(
      asAdminUpload,
      course._id,
      { bytes: fixture('aiken.txt'), name: 'a.txt' },
      { format: 'aiken', category: 'Quiz' },
    );
    expect(response.json().data).toMatchObject({
      imported: 0,
      incomplete: [
        { errors: { explanation: 'Explanation is required' } },
        { errors: { explanation: 'Explanation is required' } },
      ],
    });
  });

  it('writes nothing from a file whose questions all need completing, and says so', async () => {
    const before = await countIn(course._id);
    const response = await upload(asAdminUpload, course._id, gift('::Essay::Explain it {}\n'), {
      format: 'gift',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: BANK_IO_MESSAGES.nothingImported,
      data: { imported: 0, categories: [], incomplete: [{ question: 1 }] },
    });
    expect(await countIn(course._id)).toBe(before);
  });

  it('refuses bad fields and bad files with their messages, writing nothing', async () => {
    const before = await countIn(course._id);
    const refused = async (
      file: { bytes: Buffer; name: string } | undefined,
      fields: Record<string, string>,
    ) => {
      const response = await upload(asAdminUpload, course._id, file, fields);
      expect(response.statusCode).toBe(400);
      return response.json();
    };
    expect(await refused(undefined, { format: 'gift' })).toEqual({
      success: false,
      message: VALIDATION_FAILED_MESSAGE,
      errors: { file: QUESTION_INTERCHANGE_MESSAGES.fileRequired },
    });
    expect((await refused(gift(), {})).errors).toEqual({
      format: QUESTION_INTERCHANGE_MESSAGES.formatRequired,
    });
    expect((await refused(gift(), { format: 'gift', category: 'a/b/c/d/e/f' })).errors).toEqual({
      category: BANK_MESSAGES.categoryLevels,
    });
    expect((await refused(gift(), { format: 'gift', bloomLevel: 'KNOW' })).errors).toEqual({
      bloomLevel: "Please select a valid Bloom's level",
    });
    expect(
      (await refused({ bytes: Buffer.alloc(0), name: 'e.gift' }, { format: 'gift' })).message,
    ).toBe(QUESTION_INTERCHANGE_MESSAGES.fileEmpty);
    expect((await refused(gift(), { format: 'moodle-xml' })).message).toBe(
      QUESTION_INTERCHANGE_MESSAGES.wrongFormat('moodle-xml'),
    );
    const { payload, headers } = await multipartBody(gift(), { format: 'gift' });
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import-bank-questions/not-a-uuid',
      headers: { ...bearer(f.admin.accessToken), ...headers },
      payload,
    });
    expect(badId.statusCode).toBe(400);
    expect(await countIn(course._id)).toBe(before);
  });

  it('answers 403 outside the course and to a reviewer, 404 for an unknown course', async () => {
    expect(
      (
        await upload({ token: outsider.accessToken, area: 'faculty' }, course._id, gift(), {
          format: 'gift',
        })
      ).statusCode,
    ).toBe(403);
    const asReviewer = await upload(
      { token: reviewer.accessToken, area: 'faculty' },
      course._id,
      gift(),
      { format: 'gift' },
    );
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json().message).toBe(BANK_MESSAGES.notAuthor);
    const unknown = await upload(asAdminUpload, randomUUID(), gift(), { format: 'gift' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe(`exporting from a bank (${TEST_ENGINE})`, () => {
  it('writes a category with its subcategories as GIFT that imports into the same tree', async () => {
    const courseId = await freshCourse();
    for (const category of ['Unit 3', 'Unit 3/Thevenin', 'Unit 4']) {
      await asAdmin('POST', 'create-bank-question', bankQuestionPayload(courseId, { category }));
    }
    const retired = await asAdmin(
      'POST',
      'create-bank-question',
      bankQuestionPayload(courseId, {
        category: 'Unit 3',
        questionText: 'A law no longer taught?',
      }),
    );
    await asAdmin('POST', 'bulk-bank-questions', {
      courseId,
      ids: [retired.json().data._id],
      action: 'retire',
    });
    const response = await exported({ courseId, category: 'Unit 3', format: 'gift' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename=".+-bank-questions\.gift"/,
    );
    expect(response.body).toContain('$CATEGORY: Unit 3\n');
    expect(response.body).toContain('$CATEGORY: Unit 3/Thevenin\n');
    expect(response.body).not.toContain('Unit 4');
    expect(response.body).not.toContain('no longer taught');
    const target = await freshCourse();
    const imported = await upload(
      asAdminUpload,
      target,
      { bytes: response.rawPayload, name: 'x.gift' },
      {
        format: 'gift',
      },
    );
    expect(imported.json().data.categories).toEqual([
      { path: 'Unit 3', count: 1 },
      { path: 'Unit 3/Thevenin', count: 1 },
    ]);
  });

  it('writes a selection as Moodle XML and as a QTI package, categories kept both ways', async () => {
    const courseId = await freshCourse();
    const ids: string[] = [];
    for (const category of ['Unit 5', 'Unit 5/Norton', 'Unit 6']) {
      const created = await asAdmin(
        'POST',
        'create-bank-question',
        bankQuestionPayload(courseId, { category }),
      );
      ids.push(created.json().data._id);
    }
    const selection = ids.slice(0, 2).join(',');
    const moodle = await exported({ courseId, ids: selection, format: 'moodle-xml' });
    expect(moodle.body).toContain('<text>$course$/top/Unit 5/Norton</text>');
    const qti = await exported({ courseId, ids: selection, format: 'qti' });
    expect(qti.headers['content-type']).toBe('application/zip');
    const target = await freshCourse();
    const back = await upload(
      asAdminUpload,
      target,
      { bytes: qti.rawPayload, name: 'p.zip' },
      {
        format: 'qti',
        category: 'From QTI',
      },
    );
    expect(back.json().data.categories).toEqual([
      { path: 'From QTI/Unit 5', count: 1 },
      { path: 'From QTI/Unit 5/Norton', count: 1 },
    ]);
  });

  it('refuses bad queries, unknown or foreign questions, an empty category and strangers', async () => {
    const problem = async (query: Record<string, string>, caller = asAdmin) => {
      const response = await caller('GET', `export-bank-questions?${new URLSearchParams(query)}`);
      return { status: response.statusCode, body: response.json() };
    };
    expect((await problem({ courseId: course._id, format: 'aiken' })).body.errors).toEqual({
      format: QUESTION_INTERCHANGE_MESSAGES.formatInvalid,
    });
    expect((await problem({ courseId: course._id, format: 'gift', ids: 'x' })).body.errors).toEqual(
      {
        'ids.0': 'Please select a valid question',
      },
    );
    const many = Array.from({ length: 201 }, () => randomUUID()).join(',');
    expect((await problem({ courseId: course._id, format: 'gift', ids: many })).status).toBe(400);
    const foreign = (
      await asAdmin('POST', 'create-bank-question', bankQuestionPayload(otherCourse._id))
    ).json().data._id;
    expect(await problem({ courseId: course._id, format: 'gift', ids: foreign })).toMatchObject({
      status: 404,
      body: { message: BANK_IO_MESSAGES.notInBank(1) },
    });
    expect(
      await problem({ courseId: course._id, format: 'gift', category: 'Nowhere' }),
    ).toMatchObject({
      status: 404,
      body: { message: BANK_IO_MESSAGES.nothingToExport },
    });
    expect((await problem({ courseId: randomUUID(), format: 'gift' })).status).toBe(404);
    expect((await problem({ courseId: course._id, format: 'gift' }, outsider.call)).status).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/faculty/export-bank-questions?courseId=${course._id}&format=gift`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
