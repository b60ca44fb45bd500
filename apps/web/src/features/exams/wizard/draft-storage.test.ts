import { describe, expect, it } from 'vitest';
import { makeExamPayload, wizardValuesOf } from '@/test/exam-fixtures';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft-storage';
import { emptyExamValues } from './exam-values';

describe('draft storage', () => {
  it('keeps the exam per user and brings back emptied number inputs as empty', () => {
    const values = emptyExamValues();
    values.examTitle = 'Algebra';
    saveDraft('user-1', values, 'schedule');

    const draft = loadDraft('user-1');
    expect(draft).toMatchObject({ step: 'schedule', values: { examTitle: 'Algebra' } });
    expect(draft?.values.totalMarks).toBeNaN();
    expect(loadDraft('user-2')).toBeNull();

    clearDraft('user-1');
    expect(loadDraft('user-1')).toBeNull();
  });

  it('matches the question lists to their sections when a count was typed but not applied', () => {
    const values = wizardValuesOf(makeExamPayload());
    values.examSections = values.examSections.map((section, index) =>
      index === 0 ? { ...section, totalQuestions: 3 } : section,
    );
    saveDraft('user-1', values, 'examStructure');
    expect(loadDraft('user-1')?.values.questions.map((list) => list.length)).toEqual([3, 1, 1, 1]);
  });

  it('opens an exam stored before the shuffle settings existed with both off', () => {
    const { shuffleQuestions: _questions, shuffleOptions: _options, ...older } = emptyExamValues();
    const draft = {
      version: 1,
      savedAt: '2025-01-01T00:00:00.000Z',
      step: 'examInfo',
      values: older,
    };
    localStorage.setItem(draftKey('user-1'), JSON.stringify(draft));
    expect(loadDraft('user-1')?.values).toMatchObject({
      shuffleQuestions: false,
      shuffleOptions: false,
    });
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(draftKey('user-1'), '{not json');
    expect(loadDraft('user-1')).toBeNull();
    localStorage.setItem(draftKey('user-1'), JSON.stringify({ version: 9, values: {} }));
    expect(loadDraft('user-1')).toBeNull();
  });
});
