import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { ApiError, FieldErrors } from '../../errors';
import { type MediaLinks, mediaUrlsFor } from '../media/media-links';
import {
  cutoffAt,
  notFound,
  ownAttempt,
  ownerOf,
  remainingMs,
  sectionDeadline,
} from './attempt-records';
import { currentPaper } from './exam-paper';
import { mediaOfQuestions, studentQuestions } from './student-view';

/** Starts a timed section's own clock the first time it is opened; later openings keep it. */
const openSectionStatement = preparedSql<{ id: string }>(
  'open_section',
  `
  with opened as (
    update exam_attempts
    set section_deadlines = section_deadlines || jsonb_build_object($3::text, $4::timestamptz)
    where id = $1 and student_user_id = $2 and status = 'IN_PROGRESS' and deadline_at >= $5
      and not (section_deadlines ? $3::text)
    returning id
  ), event as (
    insert into attempt_events (attempt_id, type, at, data)
    select id, 'section_opened', $6, json_build_object('sectionId', $3::text) from opened
  )
  select id from opened`,
);

export async function openSection(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  sectionId: string,
  now: Date,
  links: MediaLinks,
) {
  const owner = await ownerOf(db, attemptId);
  if (!owner || owner.studentUserId !== userId) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  const paper = await currentPaper(db, owner.examId);
  const section = paper.sectionById.get(sectionId.toLowerCase());
  if (!section) throw new FieldErrors({ sectionId: ATTEMPT_MESSAGES.sectionNotInAttempt });
  if (section.timeLimit > 0) {
    await openSectionStatement(db, [
      attemptId,
      userId,
      section.id,
      new Date(now.getTime() + section.timeLimit * 60_000),
      cutoffAt(now),
      now,
    ]);
  }
  const attempt = await ownAttempt(db, userId, attemptId);
  if (attempt.status === 'SUBMITTED') throw new ApiError(409, ATTEMPT_MESSAGES.alreadySubmitted);
  if (attempt.deadlineAt < cutoffAt(now)) throw new ApiError(409, ATTEMPT_MESSAGES.timeOver);
  const deadline = sectionDeadline(attempt, section.id);
  const questions = studentQuestions(paper, attempt, section);
  return {
    sectionId: section.id,
    deadlineAt: deadline?.toISOString() ?? null,
    remainingMs: remainingMs(deadline ?? attempt.deadlineAt, now),
    questions,
    ...mediaUrlsFor(links, mediaOfQuestions(paper, questions), owner.examId, now),
  };
}
