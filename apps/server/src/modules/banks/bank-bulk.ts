import {
  BANK_IO_MESSAGES,
  BANK_LIMITS,
  type BankBulkAction,
  type BulkBankQuestionsData,
  type BulkBankQuestionsPayload,
} from '@examiq/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { type BankQuestionState, bankQuestionChanges, bankQuestions } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { recordAudit } from '../audit/audit';
import { type BankUser, courseNamed, rightsIn } from './bank-access';
import { changedFields, checkAuthor, labelOf, stateOf } from './bank-questions';

type BankQuestionRow = typeof bankQuestions.$inferSelect;

/** Actions that change a question's labels: an author's, as an edit is, and not while retired. */
const LABEL_ACTIONS: ReadonlySet<BankBulkAction> = new Set(['move', 'add-tags', 'remove-tags']);

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The state the action leaves one question in. */
function stateAfter(row: BankQuestionRow, input: BulkBankQuestionsPayload): BankQuestionState {
  const state = stateOf(row);
  const given = input.tags ?? [];
  switch (input.action) {
    case 'move':
      return { ...state, category: input.category ?? state.category };
    case 'add-tags': {
      const added = given.filter((tag) => !state.tags.some((held) => sameTag(held, tag)));
      return { ...state, tags: [...state.tags, ...added] };
    }
    case 'remove-tags':
      return {
        ...state,
        tags: state.tags.filter((held) => !given.some((tag) => sameTag(held, tag))),
      };
    case 'retire':
      return { ...state, status: 'RETIRED' };
    case 'draft':
      return { ...state, status: 'DRAFT' };
  }
}

/**
 * One action on many questions of a course's bank, all of them or none: every question must be
 * in the course's bank, and the bank's rules of a single edit hold for each (labels change by an
 * author, never while retired; any author or reviewer retires or sets to Draft). Each question
 * changed gets its next revision with its history written, as a single edit does; its version
 * stays, since its content does not change. A question already as the action would leave it is
 * left as it is.
 */
export async function bulkBankQuestions(
  db: AppDatabase,
  user: BankUser,
  input: BulkBankQuestionsPayload,
): Promise<BulkBankQuestionsData> {
  const rights = await rightsIn(db, user, input.courseId, 'courseId');
  if (LABEL_ACTIONS.has(input.action)) checkAuthor(rights);
  const course = await courseNamed(db, input.courseId);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(bankQuestions)
      .where(and(eq(bankQuestions.courseId, input.courseId), inArray(bankQuestions.id, input.ids)))
      .for('update');
    if (rows.length < input.ids.length) {
      throw new ApiError(404, BANK_IO_MESSAGES.notInBank(input.ids.length - rows.length));
    }
    if (LABEL_ACTIONS.has(input.action)) {
      const retired = rows.filter((row) => row.status === 'RETIRED').length;
      if (retired > 0) throw new ApiError(409, BANK_IO_MESSAGES.retiredChosen(retired));
    }
    const changes = rows.flatMap((row) => {
      const next = stateAfter(row, input);
      const fields = changedFields(stateOf(row), next);
      return fields.length === 0 ? [] : [{ row, next, fields }];
    });
    const overfull = changes.find(({ next }) => next.tags.length > BANK_LIMITS.tags);
    if (overfull)
      throw new FieldErrors({ tags: BANK_IO_MESSAGES.tooManyTags(labelOf(overfull.row)) });
    if (changes.length > 0) {
      const now = new Date();
      const values = changes.map(({ row, next }) => ({
        id: row.id,
        category: next.category,
        tags: next.tags,
        status: next.status,
      }));
      // One statement for every question: the new labels travel as rows of the table's type.
      await tx.execute(sql`update ${bankQuestions} as q
        set category = v.category, tags = v.tags, status = v.status, revision = q.revision + 1,
          updated_by = ${user.userId}::uuid, updated_at = ${now.toISOString()}::timestamptz
        from json_populate_recordset(null::${bankQuestions}, ${JSON.stringify(values)}::json) as v
        where q.id = v.id`);
      await tx.insert(bankQuestionChanges).values(
        changes.map(({ row, fields }) => ({
          questionId: row.id,
          revision: row.revision + 1,
          changedBy: user.userId,
          changedAt: now,
          changedFields: fields,
          previous: stateOf(row),
        })),
      );
      await recordAudit(
        tx,
        user.userId,
        {
          action: `bank-question.bulk-${input.action}`,
          recordType: 'course',
          recordId: input.courseId,
          recordLabel: course.name,
          summary: BANK_IO_MESSAGES.done(input.action, changes.length, input.category),
          changes: {
            questions: changes.map(({ row }) => row.id),
            ...(input.category === undefined ? {} : { category: input.category }),
            ...(input.tags === undefined ? {} : { tags: input.tags }),
          },
        },
        now,
      );
    }
    return {
      action: input.action,
      changed: changes.length,
      unchanged: rows.length - changes.length,
    };
  });
}
