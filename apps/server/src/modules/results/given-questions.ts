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

/**
 * Where the question (alias `question`) stands on the attempt's (alias `attempt`) paper within its
 * section: its place in the drawn list, or its position when listed.
 */
export function paperPosition(attempt: string, question: string): string {
  return `coalesce((select drawn.place from jsonb_array_elements_text(${attempt}.layout -> 'drawn' -> (${question}.section_id::text)) with ordinality as drawn(id, place) where drawn.id = ${question}.id::text), ${question}.position)`;
}
