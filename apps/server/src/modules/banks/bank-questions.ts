import { isDeepStrictEqual } from 'node:util';
import {
  BANK_MESSAGES,
  type BankQuestionContent,
  type BankQuestionData,
  type BankQuestionPayload,
  type BankQuestionSaved,
  type BankQuestionStatus,
  readableText,
  type UpdateBankQuestionPayload,
} from '@examiq/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { v7 as timeOrderedId } from 'uuid';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { type BankQuestionState, bankQuestionChanges, bankQuestions, users } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { recordAudit } from '../audit/audit';
import { type BankRights, type BankUser, personNameOf, rightsIn } from './bank-access';
import { toBankQuestionListItem } from './bank-question-list';
import { examsUsing, versionInUse } from './bank-question-uses';
import { versionStatistics } from './bank-statistics';
import { outcomeCodesOf } from './course-outcomes';

type BankQuestionRow = typeof bankQuestions.$inferSelect;

/** The fields of a question's state, in the order its history names them. */
const LABEL_FIELDS = ['category', 'tags', 'bloomLevel', 'courseOutcomes', 'status'] as const;

/** The question's own fields of a payload: all but the bank's labels and the wizard's id. */
export function contentOf(
  payload: UpdateBankQuestionPayload & { status?: BankQuestionStatus },
): BankQuestionContent {
  const {
    courseId: _course,
    category: _category,
    tags: _tags,
    bloomLevel: _bloom,
    courseOutcomes: _outcomes,
    status: _status,
    id: _id,
    ...content
  } = payload;
  return content;
}

/** What a search finds a question by: everything a reader reads of it, markup removed. */
function readableOf(content: BankQuestionContent): string {
  const texts = [content.questionText];
  if ('options' in content) texts.push(...content.options.map((option) => option.text));
  if ('pairs' in content) texts.push(...content.pairs.flatMap((pair) => [pair.prompt, pair.match]));
  if ('items' in content) texts.push(...content.items);
  return texts.map(readableText).join('\n');
}

export const foldedSearchText = (content: BankQuestionContent) =>
  sql`examiq_fold(${readableOf(content)})`;

export function stateOf(row: BankQuestionRow): BankQuestionState {
  const { category, tags, bloomLevel, courseOutcomes, status, content } = row;
  return { category, tags, bloomLevel, courseOutcomes, status, content };
}

/** The labels and question fields one state changes from another, by name. */
export function changedFields(previous: BankQuestionState, next: BankQuestionState): string[] {
  const labels = LABEL_FIELDS.filter((field) => !isDeepStrictEqual(previous[field], next[field]));
  const keys = new Set([...Object.keys(previous.content), ...Object.keys(next.content)]);
  const content = [...keys].filter(
    (key) =>
      !isDeepStrictEqual(
        (previous.content as Record<string, unknown>)[key],
        (next.content as Record<string, unknown>)[key],
      ),
  );
  return [...content, ...labels];
}

/**
 * The version an edit leaves a question at: the next one when its content changes while an exam
 * holds a copy of the current one, so that version keeps naming what that exam's students see.
 * Until an exam copies it, a version may still be corrected in place.
 */
async function versionAfterEdit(
  tx: AppDatabase,
  row: BankQuestionRow,
  contentChanged: boolean,
): Promise<number> {
  return contentChanged && (await versionInUse(tx, row.id, row.version))
    ? row.version + 1
    : row.version;
}

async function checkOutcomes(
  db: AppDatabase,
  courseId: string,
  codes: string[],
  field: string,
): Promise<void> {
  if (codes.length === 0) return;
  const defined = await outcomeCodesOf(db, courseId);
  const unknown = codes.find((code) => !defined.has(code));
  if (unknown) throw new FieldErrors({ [field]: BANK_MESSAGES.outcomeUnknown(unknown) });
}

/**
 * Whether the user may make a question Ready: where the course requires review, a reviewer who
 * did not write its content as it stands; elsewhere any author or reviewer.
 */
function checkMayMakeReady(rights: BankRights, userId: string, lastAuthor: string | null): void {
  if (rights.requireReview && (!rights.reviewer || lastAuthor === userId)) {
    throw new ApiError(403, BANK_MESSAGES.reviewRequired);
  }
}

export function checkAuthor(rights: BankRights): void {
  if (!rights.author) throw new ApiError(403, BANK_MESSAGES.notAuthor);
}

const savedOf = (row: BankQuestionRow): BankQuestionSaved => ({
  _id: row.id,
  version: row.version,
  revision: row.revision,
  status: row.status,
});

export const labelOf = (row: { content: BankQuestionContent }) =>
  readableText(row.content.questionText).slice(0, 80);

export async function createBankQuestion(
  db: AppDatabase,
  user: BankUser,
  input: BankQuestionPayload,
): Promise<BankQuestionSaved> {
  const rights = await rightsIn(db, user, input.courseId, 'courseId');
  checkAuthor(rights);
  await checkOutcomes(db, input.courseId, input.courseOutcomes, 'courseOutcomes');
  if (input.status === 'READY') checkMayMakeReady(rights, user.userId, user.userId);
  const content = contentOf(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankQuestions)
      .values({
        id: timeOrderedId(),
        courseId: input.courseId,
        category: input.category,
        tags: input.tags,
        bloomLevel: input.bloomLevel,
        courseOutcomes: input.courseOutcomes,
        status: input.status,
        content,
        searchText: foldedSearchText(content),
        contentBy: user.userId,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    if (!row) throw new Error('An insert returned no row');
    await recordAudit(tx, user.userId, {
      action: 'bank-question.create',
      recordType: 'bank-question',
      recordId: row.id,
      recordLabel: labelOf(row),
      summary: `Created a ${row.questionType} bank question in ${row.category || 'the top category'}`,
    });
    return savedOf(row);
  });
}

const questionById = perDatabase((db) =>
  db
    .select()
    .from(bankQuestions)
    .where(eq(bankQuestions.id, sql.placeholder('id')))
    .prepare('bank_question_by_id'),
);

async function questionOf(db: AppDatabase, id: string): Promise<BankQuestionRow> {
  const [row] = await questionById(db).execute({ id });
  if (!row) throw new ApiError(404, BANK_MESSAGES.questionNotFound);
  return row;
}

/**
 * Writes the next revision of a question: its new state, and the change (who, when, which
 * fields, the whole previous state) in its history. Nothing is written when nothing changed. A
 * change made by someone else since the question was read is refused (409), not overwritten.
 */
async function writeChange(
  db: AppDatabase,
  user: BankUser,
  row: BankQuestionRow,
  next: BankQuestionState,
  action: { verb: string; summary: string },
): Promise<BankQuestionSaved> {
  const fields = changedFields(stateOf(row), next);
  if (fields.length === 0) return savedOf(row);
  const contentChanged = !isDeepStrictEqual(row.content, next.content);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bankQuestions)
      .set({
        ...next,
        version: await versionAfterEdit(tx, row, contentChanged),
        revision: row.revision + 1,
        updatedBy: user.userId,
        ...(contentChanged
          ? { contentBy: user.userId, searchText: foldedSearchText(next.content) }
          : {}),
      })
      .where(and(eq(bankQuestions.id, row.id), eq(bankQuestions.revision, row.revision)))
      .returning();
    if (!updated) throw new ApiError(409, BANK_MESSAGES.changedMeanwhile);
    await tx.insert(bankQuestionChanges).values({
      questionId: row.id,
      revision: updated.revision,
      changedBy: user.userId,
      changedAt: updated.updatedAt,
      changedFields: fields,
      previous: stateOf(row),
    });
    await recordAudit(tx, user.userId, {
      action: `bank-question.${action.verb}`,
      recordType: 'bank-question',
      recordId: row.id,
      recordLabel: labelOf(updated),
      summary: action.summary,
      changes: { revision: updated.revision, fields },
    });
    return savedOf(updated);
  });
}

/** A question whose content may change: by an author of its course, and not while retired. */
async function editableQuestion(db: AppDatabase, user: BankUser, id: string) {
  const row = await questionOf(db, id);
  const rights = await rightsIn(db, user, row.courseId);
  checkAuthor(rights);
  if (row.status === 'RETIRED') throw new ApiError(409, BANK_MESSAGES.retired);
  return { row, rights };
}

/** A Ready question whose content changes needs its review again where the course requires one. */
function statusAfterEdit(row: BankQuestionRow, rights: BankRights, content: BankQuestionContent) {
  return rights.requireReview && row.status === 'READY' && !isDeepStrictEqual(row.content, content)
    ? 'DRAFT'
    : row.status;
}

export async function updateBankQuestion(
  db: AppDatabase,
  user: BankUser,
  id: string,
  input: UpdateBankQuestionPayload,
): Promise<BankQuestionSaved> {
  const { row, rights } = await editableQuestion(db, user, id);
  if (input.courseId !== row.courseId)
    throw new FieldErrors({ courseId: BANK_MESSAGES.otherCourse });
  await checkOutcomes(db, row.courseId, input.courseOutcomes, 'courseOutcomes');
  const content = contentOf(input);
  return writeChange(
    db,
    user,
    row,
    {
      category: input.category,
      tags: input.tags,
      bloomLevel: input.bloomLevel,
      courseOutcomes: input.courseOutcomes,
      status: statusAfterEdit(row, rights, content),
      content,
    },
    { verb: 'update', summary: 'Edited a bank question' },
  );
}

/**
 * Makes an earlier revision's content and labels the question's next revision. The status stays
 * as it is: restoring must not bring back an approval the restored content never had now.
 */
export async function restoreBankQuestion(
  db: AppDatabase,
  user: BankUser,
  id: string,
  revision: number,
): Promise<BankQuestionSaved> {
  const { row, rights } = await editableQuestion(db, user, id);
  if (revision > row.revision) throw new FieldErrors({ revision: BANK_MESSAGES.revisionNotFound });
  if (revision === row.revision) return savedOf(row);
  // The state of revision r is the one the change making revision r + 1 replaced.
  const [change] = await db
    .select({ previous: bankQuestionChanges.previous })
    .from(bankQuestionChanges)
    .where(
      and(eq(bankQuestionChanges.questionId, id), eq(bankQuestionChanges.revision, revision + 1)),
    );
  if (!change) throw new FieldErrors({ revision: BANK_MESSAGES.revisionNotFound });
  await checkOutcomes(db, row.courseId, change.previous.courseOutcomes, 'revision');
  return writeChange(
    db,
    user,
    row,
    { ...change.previous, status: statusAfterEdit(row, rights, change.previous.content) },
    { verb: 'restore', summary: `Restored revision ${revision} of a bank question` },
  );
}

/**
 * Moves a question between Draft, Ready and Retired. Any author or reviewer of the course may,
 * but where the course requires review only a reviewer other than its last author makes it Ready;
 * a retired question goes back to Draft first.
 */
export async function setBankQuestionStatus(
  db: AppDatabase,
  user: BankUser,
  id: string,
  status: BankQuestionStatus,
): Promise<BankQuestionSaved> {
  const row = await questionOf(db, id);
  const rights = await rightsIn(db, user, row.courseId);
  if (status === row.status) return savedOf(row);
  if (row.status === 'RETIRED' && status !== 'DRAFT') {
    throw new ApiError(409, BANK_MESSAGES.readyFromRetired);
  }
  if (status === 'READY') checkMayMakeReady(rights, user.userId, row.contentBy);
  return writeChange(
    db,
    user,
    row,
    { ...stateOf(row), status },
    { verb: 'set-status', summary: `Set a bank question's status to ${status}` },
  );
}

const changer = alias(users, 'changer');

/** A question with its content and its history, newest change first. */
export async function getBankQuestion(
  db: AppDatabase,
  user: BankUser,
  id: string,
): Promise<BankQuestionData> {
  const row = await questionOf(db, id);
  await rightsIn(db, user, row.courseId);
  const nameOf = async (userId: string | null) => {
    if (!userId) return { _id: null, name: 'A deleted account' };
    // Joined, so every column is named with its table: selecting from `users` alone, drizzle
    // leaves `id` bare, and inside the name's subquery on faculty it would be the faculty row's.
    const [person] = await db
      .select({ name: personNameOf(changer) })
      .from(bankQuestions)
      .innerJoin(changer, eq(changer.id, userId))
      .where(eq(bankQuestions.id, id));
    return { _id: person ? userId : null, name: person?.name ?? 'A deleted account' };
  };
  const changes = await db
    .select({
      revision: bankQuestionChanges.revision,
      changedById: bankQuestionChanges.changedBy,
      // Null once the account is deleted.
      changedByName: personNameOf(changer),
      changedAt: bankQuestionChanges.changedAt,
      changedFields: bankQuestionChanges.changedFields,
    })
    .from(bankQuestionChanges)
    .leftJoin(changer, eq(changer.id, bankQuestionChanges.changedBy))
    .where(eq(bankQuestionChanges.questionId, id))
    .orderBy(desc(bankQuestionChanges.revision));
  const createdBy = await nameOf(row.createdBy);
  const usedBy = await examsUsing(db, id);
  const statistics = await versionStatistics(db, id);
  return {
    ...toBankQuestionListItem(
      row,
      new Set(usedBy.map((use) => use.examId)).size,
      statistics.find((version) => version.version === row.version) ?? null,
    ),
    question: row.content,
    usedBy,
    versionStatistics: statistics,
    createdBy,
    updatedBy: await nameOf(row.updatedBy),
    history: [
      ...changes.map((change) => ({
        revision: change.revision,
        changedBy: {
          _id: change.changedByName === null ? null : change.changedById,
          name: change.changedByName ?? 'A deleted account',
        },
        changedAt: change.changedAt.toISOString(),
        changedFields: change.changedFields,
      })),
      {
        revision: 1,
        changedBy: createdBy,
        changedAt: row.createdAt.toISOString(),
        changedFields: [],
      },
    ],
  };
}
