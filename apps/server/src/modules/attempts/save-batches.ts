import { preparedSql } from '../../db/prepared-sql';
import { batchedStatement } from '../../db/statement-batches';
import type { AnswerRow } from './answer-rows';

/** One save as the statement writes it. */
export interface Save {
  attemptId: string;
  userId: string;
  seq: number;
  savedAt: Date;
  /** The moment before which a deadline (plus the grace) has passed. */
  cutoff: Date;
  rows: readonly AnswerRow[];
  /** The exam's paper version the rows were checked against; null for a save without answers. */
  paperVersion: string | null;
}

/** What the statement tells of a save whose attempt exists. */
export type SavedAttempt = { paper_version: string; overtaken: boolean } & (
  | {
      deadline_at: Date;
      base_deadline_at: Date;
      section_deadlines: Record<string, string>;
      previous_seq: number;
    }
  | { deadline_at: null; base_deadline_at: null; section_deadlines: null; previous_seq: null }
);

/**
 * One statement for a batch of saves (`i` is a save's place in it), each of a different attempt:
 * each attempt's heartbeat (only while it is in progress and its deadline, plus the grace, has
 * not passed) and the upsert of its answers, each written only over an older `seq`, so retries,
 * duplicates and late arrivals change nothing. An answer to a timed section whose own time is over
 * is not written; one to a timed section not opened yet (its questions were never shown) refuses
 * its whole save. The answers were checked against a paper this process kept: nothing of a save is
 * written unless that is still the exam's paper version (null for a save without answers). A save
 * without a row back names an unknown attempt; a row without a deadline, a refusal, or, when its
 * paper version is another, a paper to check the answers against again. `overtaken` tells whether
 * an answer was not written although it differs from the one stored (or from one another save was
 * writing at the same moment): another save holds its seq, and the answer is lost unless the tab is
 * told. An unchanged answer not written is a retry.
 */
const saveBatchStatement = preparedSql<{ i: number } & SavedAttempt>(
  'save_answers',
  `
  with batch as (
    select * from json_to_recordset($1::json) as save(i int, attempt_id uuid, user_id uuid,
      seq bigint, saved_at timestamptz, cutoff timestamptz, answers json, paper_version uuid)
  ), previous as (
    select batch.i, attempt.id, attempt.last_seq, exam.paper_version
    from batch
    inner join exam_attempts as attempt on attempt.id = batch.attempt_id
    inner join exams as exam on exam.id = attempt.exam_id
  ), attempt as (
    update exam_attempts as attempt
    set last_seq = greatest(attempt.last_seq, batch.seq), last_seen_at = batch.saved_at
    from previous inner join batch on batch.i = previous.i
    where attempt.id = previous.id and attempt.student_user_id = batch.user_id
      and attempt.status = 'IN_PROGRESS' and attempt.deadline_at >= batch.cutoff
      and (batch.paper_version is null or previous.paper_version = batch.paper_version)
      and not exists (
        select from json_to_recordset(batch.answers) as answer(section_id text)
        where not (attempt.section_deadlines ? answer.section_id))
      and not exists (
        select from json_to_recordset(batch.answers) as answer(question_id text,
          drawn_section_id text)
        where answer.drawn_section_id is not null
          and not coalesce((attempt.layout -> 'drawn' -> answer.drawn_section_id)
            ? answer.question_id, false))
    returning batch.i, attempt.id, attempt.deadline_at, attempt.base_deadline_at,
      attempt.section_deadlines, previous.last_seq::float8 as previous_seq
  ), incoming as (
    select attempt.i, attempt.id as attempt_id, batch.seq, batch.saved_at, answer.*
    from attempt inner join batch on batch.i = attempt.i
    cross join json_to_recordset(batch.answers) as answer(
      question_id uuid, section_id text, selected_option int, text text, response jsonb,
      marked_for_review boolean, awarded_marks numeric)
    where answer.section_id is null
      or (attempt.section_deadlines ->> answer.section_id)::timestamptz
        + (attempt.deadline_at - attempt.base_deadline_at) >= batch.cutoff
  ), saved as (
    insert into attempt_answers as stored
      (attempt_id, question_id, selected_option, text, response, marked_for_review, seq, saved_at,
        awarded_marks)
    select attempt_id, question_id, selected_option, text, response, marked_for_review, seq,
      saved_at, awarded_marks
    from incoming
    on conflict (attempt_id, question_id) do update set
      selected_option = excluded.selected_option, text = excluded.text,
      response = excluded.response, marked_for_review = excluded.marked_for_review, seq = excluded.seq,
      saved_at = excluded.saved_at, awarded_marks = excluded.awarded_marks
    where stored.seq < excluded.seq
    returning stored.attempt_id, stored.question_id
  )
  select previous.i, previous.paper_version, attempt.deadline_at, attempt.base_deadline_at,
    attempt.section_deadlines, attempt.previous_seq,
    exists (
      select from incoming
      left join attempt_answers as stored
        on stored.attempt_id = incoming.attempt_id and stored.question_id = incoming.question_id
      where incoming.i = previous.i
        and not exists (
          select from saved
          where saved.attempt_id = incoming.attempt_id and saved.question_id = incoming.question_id)
        and (stored.question_id is null
          or stored.selected_option is distinct from incoming.selected_option
          or stored.text is distinct from incoming.text
          or stored.response is distinct from incoming.response
          or stored.marked_for_review is distinct from incoming.marked_for_review)
    ) as overtaken
  from previous left join attempt on attempt.i = previous.i`,
);

function statementSave(save: Save, i: number) {
  return {
    i,
    attempt_id: save.attemptId,
    user_id: save.userId,
    seq: save.seq,
    saved_at: save.savedAt,
    cutoff: save.cutoff,
    answers: save.rows,
    paper_version: save.paperVersion,
  };
}

/**
 * Writes a save with the others arriving at the same moment (at most 64 a statement: a batch of
 * students' essays stays a few hundred kilobytes); undefined for an unknown attempt.
 */
export const writeSave = batchedStatement<Save, SavedAttempt>({
  run: async (db, saves) => {
    const rows = await saveBatchStatement(db, [
      Buffer.from(JSON.stringify(saves.map(statementSave))),
    ]);
    return new Map(rows.map(({ i, ...saved }) => [i, saved]));
  },
  keyOf: (save) => save.attemptId,
  most: 64,
});
