import { categoryName, drawRuleFilterWords } from '@examiq/contracts';
import type { WizardDrawRule } from './exam-values';

/** '2 Easy', '1 Hard Apply CO2', '3 questions' when the rule has no filter. */
function countWords(rule: WizardDrawRule): string {
  const words = drawRuleFilterWords({
    difficulty: rule.difficulty || undefined,
    bloomLevel: rule.bloomLevel || undefined,
    courseOutcome: rule.courseOutcome || undefined,
  });
  const tagged = rule.tags.length > 0 ? ` tagged ${rule.tags.join(', ')}` : '';
  if (words) return `${rule.count} ${words}${tagged}`;
  return `${rule.count} question${rule.count === 1 ? '' : 's'}${tagged}`;
}

/** Where a rule draws from, as a sentence names it: 'Unit 3', 'the whole bank'. */
function placeOf(rule: WizardDrawRule): string {
  return rule.category === '' ? 'the whole bank' : categoryName(rule.category);
}

/**
 * A drawn section's blueprint in one line: '2 Easy + 1 Hard from Unit 3, each student a paper of
 * their own'. Neighbouring rules from the same category share its name.
 */
export function drawSummary(rules: readonly WizardDrawRule[]): string {
  const groups: { key: string; place: string; parts: string[] }[] = [];
  for (const rule of rules) {
    const key = `${rule.courseId}|${rule.category}|${rule.includeSubcategories}`;
    const last = groups.at(-1);
    if (last?.key === key) last.parts.push(countWords(rule));
    else groups.push({ key, place: placeOf(rule), parts: [countWords(rule)] });
  }
  const blueprint = groups.map((group) => `${group.parts.join(' + ')} from ${group.place}`);
  return `${blueprint.join(' + ')}, each student a paper of their own`;
}

const LARGE_NUMBERS = [
  [1e12, 'a trillion'],
  [1e9, 'a billion'],
  [1e6, 'a million'],
] as const;

/** A count of papers as people read it: '1,140', 'more than a million'. */
export function paperCountText(papers: number): string {
  const large = LARGE_NUMBERS.find(([size]) => papers > size);
  if (large) return `more than ${large[1]}`;
  return papers.toLocaleString('en-US');
}

/** What the blueprint's number of different papers tells the admin. */
export function distinctPapersText(papers: number): string {
  if (papers === 0) return 'No paper can be drawn until every rule can be filled.';
  if (papers === 1)
    return 'This blueprint allows only 1 paper: every student gets the same questions.';
  return `This blueprint allows ${paperCountText(papers)} different papers.`;
}
