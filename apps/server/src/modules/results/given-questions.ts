/**
 * Whether the attempt (SQL alias `attempt`, an `exam_attempts` row) was given the question (alias
 * `question`, a `questions` row): a listed question is on every attempt's paper; a drawn
 * section's pool question only on the papers it was drawn for (`layout.drawn`). A question's
 * figures count the attempts given it, so a student is never marked down for a question they
 * never saw.
 */
export function givenTo(attempt: string, question: string): string {
  return `(${question}.draw_rule is null or coalesce(${attempt}.layout -> 'drawn' -> (${question}.section_id::text), '[]'::jsonb) ? (${question}.id::text))`;
}
