import type { AttemptLayoutColumn } from '../../db/schema';
import type { PaperQuestion, PaperSection } from './exam-paper';

/**
 * The questions of a section an attempt was given, in the paper's order: a drawn section's own
 * draw for this attempt, else the section's listed questions. A drawn section's pool is nobody's
 * paper, so an attempt without a draw for it (one never started, a listed section) has none of it.
 * Every view of one student's sitting (marking, results, reports, exports, the monitor) reads the
 * attempt's questions through this one function.
 */
export function questionsOfAttempt(
  layout: Pick<AttemptLayoutColumn, 'drawn'> | null | undefined,
  section: Pick<PaperSection, 'id' | 'questions'>,
): PaperQuestion[] {
  const drawn = layout?.drawn?.[section.id];
  if (!drawn) return section.questions.filter((question) => question.drawRule === null);
  const byId = new Map(section.questions.map((question) => [question.id, question]));
  return drawn.flatMap((id) => byId.get(id) ?? []);
}
