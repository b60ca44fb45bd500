import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '@/components/question-editor/question-values';
import { type ExamWizardValues, emptyExamValues, newDrawRule, newSection } from './exam-values';
import { paperShares } from './paper-shares';
import { PaperSharesPanel } from './paper-shares-panel';

/** A written section of two 2-mark questions (Easy and Hard) and a bank question of 4 marks. */
function listedSection(): Pick<ExamWizardValues, 'examSections' | 'questions'> {
  const easy = { ...blankQuestion('MCQ', 1), marks: 2, difficulty: 'EASY' as const };
  const hard = { ...blankQuestion('MCQ', 2), marks: 2, difficulty: 'HARD' as const };
  const banked = {
    ...blankQuestion('MCQ', 3),
    marks: 4,
    difficulty: 'MEDIUM' as const,
    bloomLevel: 'APPLY' as const,
  };
  return {
    examSections: [{ ...newSection([]), marks: 8, totalQuestions: 3 }],
    questions: [[easy, hard, banked]],
  };
}

/** A drawn section of 12 marks: 2 Easy Remember + 1 Hard, so 4 marks a question. */
function drawnSection(): ExamWizardValues['examSections'][number] {
  return {
    ...newSection([]),
    marks: 12,
    source: 'DRAWN',
    draw: [
      { ...newDrawRule(), count: 2, difficulty: 'EASY', bloomLevel: 'REMEMBER' },
      { ...newDrawRule(), count: 1, difficulty: 'HARD' },
    ],
  };
}

describe('paperShares', () => {
  it("shares the paper's marks by Bloom's level and difficulty, written questions unclassified", () => {
    const listed = listedSection();
    const values = {
      ...emptyExamValues(),
      examSections: [...listed.examSections, drawnSection()],
      questions: [...listed.questions, []],
    };
    const shares = paperShares(values);
    expect(shares.totalMarks).toBe(20);
    expect(shares.bloom).toEqual([
      { label: 'Remember', marks: 8, percent: 40 },
      { label: 'Apply', marks: 4, percent: 20 },
      { label: 'Not classified', marks: 8, percent: 40 },
    ]);
    expect(shares.difficulty).toEqual([
      { label: 'Easy', marks: 10, percent: 50 },
      { label: 'Medium', marks: 4, percent: 20 },
      { label: 'Hard', marks: 6, percent: 30 },
    ]);
  });

  it('counts a drawn section with internal choice at the marks each answer counts for', () => {
    const section = { ...drawnSection(), answerAny: 2 };
    const shares = paperShares({ ...emptyExamValues(), examSections: [section], questions: [[]] });
    // 12 marks over the 2 answers that count: 6 a question, 3 questions drawn.
    expect(shares.totalMarks).toBe(18);
  });

  it('leaves out what has no marks yet', () => {
    const section = { ...drawnSection(), marks: Number.NaN };
    const shares = paperShares({ ...emptyExamValues(), examSections: [section], questions: [[]] });
    expect(shares).toEqual({ totalMarks: 0, bloom: [], difficulty: [] });
  });
});

describe('PaperSharesPanel', () => {
  it('lists each share with its percent and marks, and shows nothing for a paper without marks', () => {
    const listed = listedSection();
    const { rerender } = render(
      <PaperSharesPanel shares={paperShares({ ...emptyExamValues(), ...listed })} />,
    );
    const panel = screen.getByRole('region', { name: "Share of the paper's 8 marks" });
    const bloom = within(panel).getByRole('list', { name: "By Bloom's level" });
    expect(
      within(bloom)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Apply50% · 4 marks', 'Not classified50% · 4 marks']);
    const difficulty = within(panel).getByRole('list', { name: 'By difficulty' });
    expect(within(difficulty).getAllByRole('listitem')).toHaveLength(3);

    rerender(<PaperSharesPanel shares={paperShares(emptyExamValues())} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
