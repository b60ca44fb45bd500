import { validQuestions } from '@examiq/contracts/test-support';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionKey } from './question-key';

function renderKey(question: Parameters<typeof QuestionKey>[0]['question']) {
  render(
    <ol>
      <QuestionKey question={question} number={1} />
    </ol>,
  );
}

describe('QuestionKey', () => {
  it('shows a multiple select question’s correct options and its scoring rule', () => {
    renderKey(validQuestions.MULTI_SELECT(1));
    expect(screen.getByText('Merge sort').closest('li')).toHaveTextContent('(correct answer)');
    expect(screen.getByText('Insertion sort').closest('li')).toHaveTextContent('(correct answer)');
    expect(screen.getByText('Quicksort').closest('li')).not.toHaveTextContent('(correct answer)');
    expect(screen.getByText('Scoring:').nextSibling).toHaveTextContent('Partial credit');
  });

  it('shows a numerical question’s accepted answers in its first unit, its units and penalty', () => {
    renderKey(validQuestions.NUMERICAL(1));
    const key = within(screen.getByRole('listitem'));
    expect(key.getByText('Accepted answers:').nextSibling).toHaveTextContent(
      '0.012 ± 2% A; 12 A (50%)',
    );
    expect(key.getByText('Units:').nextSibling).toHaveTextContent('A; mA = 0.001 A');
    expect(key.getByText('Unit penalty:').nextSibling).toHaveTextContent('25% of the marks');
  });

  it('leaves the units out of a numerical question that has none', () => {
    renderKey({
      ...validQuestions.NUMERICAL(1),
      units: [],
      numericAnswers: [{ value: 3, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }],
    });
    expect(screen.getByText('Answer:').nextSibling).toHaveTextContent(/^3$/);
    expect(screen.queryByText('Units:')).not.toBeInTheDocument();
    expect(screen.queryByText('Unit penalty:')).not.toBeInTheDocument();
  });

  it('shows what a file upload question takes: its kinds of file, how many and how large', () => {
    renderKey({
      questionText: 'Sketch the circuit and derive the current.',
      marks: 5,
      difficulty: 'MEDIUM',
      explanation: 'Ohm’s law.',
      fileTypes: ['PDF', 'IMAGE'],
      maxFiles: 3,
      maxFileMb: 10,
    });
    expect(screen.getByText('Files:').nextSibling).toHaveTextContent(
      'Up to 3 files, PDF or images, 10 MB each',
    );
  });
});
