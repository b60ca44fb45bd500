import { type QuestionStatistic, REPORT_LIMITS } from '@examiq/contracts';
import { plural } from '@/lib/plural';

export { formatIndex, formatMarks, formatPercent } from '@/lib/figures';

/** Questions are numbered through the whole exam, in order: Q1, Q2, … */
export const questionLabel = (index: number) => `Q${index + 1}`;

/** An option named by its place, as on the student's screen: A, B, C, D. */
export const optionLetter = (optionId: string) => String.fromCharCode(65 + Number(optionId));

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * What the totals' histogram says in words: every band that holds the most attempts is named, so
 * a tie is never reported as one band.
 */
export function histogramSentence(bands: { label: string; count: number }[], submitted: number) {
  if (submitted === 0) return 'No attempt has been submitted yet.';
  const most = Math.max(...bands.map((band) => band.count));
  const busiest = bands.filter((band) => band.count === most).map((band) => band.label);
  const each = busiest.length > 1 ? ' each' : '';
  const whose =
    submitted === 1 ? 'the submitted attempt' : `many of the ${submitted} submitted attempts`;
  return `How ${whose} scored in each band of marks; the most, ${most}${each}, scored ${listFormat.format(busiest)}.`;
}

/** How the questions' figures are computed, with the exam's own count of submitted attempts. */
export function questionFiguresSentence(submitted: number) {
  const group = `${REPORT_LIMITS.discriminationGroup * 100}%`;
  const minimum = REPORT_LIMITS.discriminationMinimum;
  const discrimination =
    submitted < minimum
      ? `Discrimination (that share among the top ${group} of totals minus the bottom ${group}) needs at least ${minimum} submitted attempts; this exam has ${submitted} so far.`
      : `Discrimination: that share among the top ${group} of totals minus the bottom ${group}, from the ${plural(submitted, 'submitted attempt')}; below zero, weaker students did better on it.`;
  return `Correct: the share of submitted attempts given the question that earn its full marks. ${discrimination}`;
}

/**
 * A question's Answered cell: the count, and for a question drawn onto some papers only, how many
 * attempts were given it (its Correct share is over those).
 */
export function answeredText(question: { answered: number; given: number }, submitted: number) {
  if (question.given === submitted) return String(question.answered);
  return question.given === 0
    ? 'On no paper'
    : `${question.answered} of ${question.given} given it`;
}

/** What the correct answers' chart says of the questions it draws in red. */
export function brokenQuestionsSentence(flagged: number) {
  return `The share of submitted attempts earning each question's full marks. ${
    flagged === 0
      ? 'No question looks broken.'
      : `${flagged} ${flagged === 1 ? 'question looks' : 'questions look'} broken, in red.`
  }`;
}

/** The longest part label the report's line shows whole: a prompt or an item may be a sentence. */
const PART_LABEL_LENGTH = 24;

function shortLabel(label: string): string {
  const text = label.replace(/\s+/g, ' ').trim();
  return text.length > PART_LABEL_LENGTH
    ? `${text.slice(0, PART_LABEL_LENGTH - 1).trimEnd()}…`
    : text;
}

/**
 * What the scripts answered, in words: how often each option was chosen, the key marked; a
 * numerical question's values given most often with the marks each earned; or how many scripts
 * got each blank, prompt or item right. Null when written.
 */
export function answerSpreadSentence(
  question: Pick<
    QuestionStatistic,
    'optionChoices' | 'correctOptionId' | 'correctOptionIds' | 'commonValues' | 'partsRight'
  >,
): string | null {
  if (question.partsRight) {
    if (question.partsRight.length === 0) return null;
    const parts = question.partsRight.map(({ label, right }) => `${shortLabel(label)} ${right}`);
    return `Right: ${parts.join(' · ')}`;
  }
  if (question.optionChoices) {
    const keys = new Set(question.correctOptionIds ?? [question.correctOptionId]);
    const options = question.optionChoices.map((times, option) => {
      const id = String(option);
      return `${optionLetter(id)} ${times}${keys.has(id) ? ' (key)' : ''}`;
    });
    return `Chosen: ${options.join(' · ')}`;
  }
  if (question.commonValues) {
    if (question.commonValues.length === 0) return 'No value given yet';
    const values = question.commonValues.map(
      ({ value, count, awardedMarks }) => `${value} × ${count} (${plural(awardedMarks, 'mark')})`,
    );
    return `Most given: ${values.join(' · ')}`;
  }
  return null;
}
