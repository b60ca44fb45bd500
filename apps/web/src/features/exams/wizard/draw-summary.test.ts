import { describe, expect, it } from 'vitest';
import { distinctPapersText, drawSummary, paperCountText } from './draw-summary';
import { newDrawRule, type WizardDrawRule } from './exam-values';

const COURSE = '00000000-0000-4000-8000-000000000011';

function rule(changes: Partial<WizardDrawRule>): WizardDrawRule {
  return { ...newDrawRule({ courseId: COURSE }), ...changes };
}

describe('drawSummary', () => {
  it("names neighbouring rules of one category once, as the issue's example reads", () => {
    const rules = [
      rule({ category: 'Unit 3', count: 2, difficulty: 'EASY' }),
      rule({ category: 'Unit 3', count: 1, difficulty: 'HARD' }),
    ];
    expect(drawSummary(rules)).toBe(
      '2 Easy + 1 Hard from Unit 3, each student a paper of their own',
    );
  });

  it('names each category, the last level of a path, the whole bank and the tags', () => {
    const rules = [
      rule({ category: 'Unit 1/Kirchhoff', count: 3, bloomLevel: 'APPLY', courseOutcome: 'CO2' }),
      rule({ category: '', count: 1, tags: ['circuits'] }),
    ];
    expect(drawSummary(rules)).toBe(
      '3 Apply CO2 from Kirchhoff + 1 question tagged circuits from the whole bank, each student a paper of their own',
    );
  });
});

describe('the number of different papers', () => {
  it('reads small counts in full and huge ones in words', () => {
    expect(paperCountText(1140)).toBe('1,140');
    expect(paperCountText(1_000_000)).toBe('1,000,000');
    expect(paperCountText(2_500_000)).toBe('more than a million');
    expect(paperCountText(7e15)).toBe('more than a trillion');
  });

  it('says when a rule leaves no paper or every student the same one', () => {
    expect(distinctPapersText(0)).toBe('No paper can be drawn until every rule can be filled.');
    expect(distinctPapersText(1)).toContain('every student gets the same questions');
    expect(distinctPapersText(3e9)).toBe(
      'This blueprint allows more than a billion different papers.',
    );
  });
});
