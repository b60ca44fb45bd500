import { randomUUID } from 'node:crypto';
import { BANK_IO_MESSAGES, BANK_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { type AreaCaller, bankQuestionPayload, createBankFixture } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';

const t = await createTestApp();
afterAll(() => t.close());
const { asAdmin, course, otherCourse, author, reviewer, outsider } = await createBankFixture(
  t.app,
  t.database.db,
);

async function created(fields: Record<string, unknown> = {}, courseId = course._id) {
  const response = await asAdmin('POST', 'create-bank-question', {
    ...bankQuestionPayload(courseId, fields),
  });
  if (response.statusCode !== 201) throw new Error(`create: ${response.body}`);
  return response.json().data._id as string;
}

const questionOf = async (id: string) =>
  (await asAdmin('GET', `get-bank-question/${id}`)).json().data;

const bulk = (caller: AreaCaller, body: Record<string, unknown>) =>
  caller('POST', 'bulk-bank-questions', { courseId: course._id, ...body });

const errorsOf = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: string; errors: Record<string, string> };
  expect(body.message).toBe(VALIDATION_FAILED_MESSAGE);
  return body.errors;
};

describe(`bulk actions on bank questions (${TEST_ENGINE})`, () => {
  it('moves questions to a category, each with its next revision and its version kept', async () => {
    const ids = [await created(), await created(), await created({ category: 'Unit 2/Ohm' })];
    const response = await bulk(author.call, { ids, action: 'move', category: ' Unit 2 / Ohm ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: BANK_IO_MESSAGES.done('move', 2, 'Unit 2/Ohm'),
      data: { action: 'move', changed: 2, unchanged: 1 },
    });
    const [first, , third] = await Promise.all(ids.map(questionOf));
    expect(first).toMatchObject({ category: 'Unit 2/Ohm', version: 1, revision: 2 });
    expect(first.history[0]).toMatchObject({
      revision: 2,
      changedBy: { _id: author.userId },
      changedFields: ['category'],
    });
    // Already there: nothing written.
    expect(third).toMatchObject({ category: 'Unit 2/Ohm', revision: 1 });
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'bank-question.bulk-move',
      recordId: course._id,
      changes: { questions: expect.arrayContaining(ids.slice(0, 2)), category: 'Unit 2/Ohm' },
    });
  });

  it('adds and removes tags ignoring case, keeping the tags a question has', async () => {
    const ids = [await created({ tags: ['KVL'] }), await created({ tags: ['loops'] })];
    const added = await bulk(author.call, { ids, action: 'add-tags', tags: ['kvl', 'Circuits'] });
    expect(added.json().data).toMatchObject({ changed: 2, unchanged: 0 });
    expect((await questionOf(ids[0] as string)).tags).toEqual(['KVL', 'Circuits']);
    expect((await questionOf(ids[1] as string)).tags).toEqual(['loops', 'kvl', 'Circuits']);
    const removed = await bulk(author.call, { ids, action: 'remove-tags', tags: ['LOOPS'] });
    expect(removed.json()).toMatchObject({
      message: BANK_IO_MESSAGES.done('remove-tags', 1),
      data: { changed: 1, unchanged: 1 },
    });
    expect((await questionOf(ids[1] as string)).tags).toEqual(['kvl', 'Circuits']);
  });

  it('retires and sets back to Draft by any author or reviewer; a retired question is not moved', async () => {
    const ids = [await created({ status: 'READY' }), await created()];
    const retired = await bulk(reviewer.call, { ids, action: 'retire' });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().message).toBe('2 questions retired');
    expect((await questionOf(ids[0] as string)).history[0].changedFields).toEqual(['status']);
    const open = await created();
    const move = await bulk(author.call, { ids: [open, ...ids], action: 'move', category: 'X' });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(BANK_IO_MESSAGES.retiredChosen(2));
    // All or nothing: the question that could move did not.
    expect((await questionOf(open)).category).toBe('Unit 1');
    const drafted = await bulk(reviewer.call, { ids, action: 'draft' });
    expect(drafted.json().data).toMatchObject({ changed: 2 });
    expect((await questionOf(ids[0] as string)).status).toBe('DRAFT');
  });

  it('refuses the whole selection when one question is not in the course’s bank', async () => {
    const mine = await created();
    const theirs = await created({}, otherCourse._id);
    for (const stranger of [theirs, randomUUID()]) {
      const response = await bulk(author.call, {
        ids: [mine, stranger],
        action: 'add-tags',
        tags: ['never'],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(BANK_IO_MESSAGES.notInBank(1));
    }
    expect((await questionOf(mine)).tags).toEqual([]);
  });

  it('refuses tags a question has no room for, and writes nothing', async () => {
    const full = await created({ tags: Array.from({ length: 19 }, (_, n) => `t${n}`) });
    const roomy = await created();
    const response = await bulk(author.call, {
      ids: [roomy, full],
      action: 'add-tags',
      tags: ['a', 'b'],
    });
    expect(errorsOf(response).tags).toMatch(/would have more than 20 tags/);
    expect((await questionOf(roomy)).tags).toEqual([]);
  });

  it('refuses each rule of the payload with its message', async () => {
    const id = await created();
    expect(errorsOf(await bulk(author.call, { ids: [], action: 'retire' }))).toEqual({
      ids: BANK_IO_MESSAGES.idsRequired,
    });
    const many = Array.from({ length: 201 }, () => randomUUID());
    expect(errorsOf(await bulk(author.call, { ids: many, action: 'retire' }))).toEqual({
      ids: BANK_IO_MESSAGES.idsTooMany,
    });
    expect(errorsOf(await bulk(author.call, { ids: [id, id], action: 'retire' }))).toEqual({
      ids: BANK_IO_MESSAGES.idRepeated,
    });
    expect(errorsOf(await bulk(author.call, { ids: ['x'], action: 'retire' }))).toEqual({
      'ids.0': 'Please select a valid question',
    });
    expect(errorsOf(await bulk(author.call, { ids: [id], action: 'delete' }))).toEqual({
      action: BANK_IO_MESSAGES.actionInvalid,
    });
    expect(errorsOf(await bulk(author.call, { ids: [id], action: 'move' }))).toEqual({
      category: BANK_IO_MESSAGES.categoryRequired,
    });
    expect(
      errorsOf(await bulk(author.call, { ids: [id], action: 'move', category: 'a/b/c/d/e/f' })),
    ).toEqual({ category: BANK_MESSAGES.categoryLevels });
    expect(errorsOf(await bulk(author.call, { ids: [id], action: 'add-tags', tags: [] }))).toEqual({
      tags: BANK_IO_MESSAGES.tagsRequired,
    });
    expect(
      errorsOf(
        await author.call('POST', 'bulk-bank-questions', {
          courseId: randomUUID(),
          ids: [id],
          action: 'retire',
        }),
      ),
    ).toEqual({ courseId: BANK_MESSAGES.courseNotFound });
  });

  it('answers 401 without a token, 403 outside the course and to a reviewer changing labels', async () => {
    const id = await created();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/faculty/bulk-bank-questions',
      payload: { courseId: course._id, ids: [id], action: 'retire' },
    });
    expect(anonymous.statusCode).toBe(401);
    const outside = await bulk(outsider.call, { ids: [id], action: 'retire' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(BANK_MESSAGES.notGranted);
    const reviewing = await bulk(reviewer.call, { ids: [id], action: 'move', category: 'Y' });
    expect(reviewing.statusCode).toBe(403);
    expect(reviewing.json().message).toBe(BANK_MESSAGES.notAuthor);
    expect((await questionOf(id)).revision).toBe(1);
  });
});
