import { describe, expect, it } from 'vitest';
import { makeExamPayload, wizardValuesOf } from '@/test/exam-fixtures';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft-storage';
import { emptyExamValues } from './exam-values';

/** An exam kept on this device by a wizard that did not have every field of today's. */
function storeOlderDraft(values: object) {
  const draft = { version: 1, savedAt: '2025-01-01T00:00:00.000Z', step: 'examInfo', values };
  localStorage.setItem(draftKey('user-1'), JSON.stringify(draft));
}

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
    storeOlderDraft(older);
    expect(loadDraft('user-1')?.values).toMatchObject({
      shuffleQuestions: false,
      shuffleOptions: false,
    });
  });

  it('keeps the proctoring rules, and opens an exam stored before them with the defaults', () => {
    const values = emptyExamValues();
    values.proctoringThresholds = {
      warnAt: 2,
      flagAt: Number.NaN,
      autoSubmit: true,
      autoSubmitAfterFlags: 4,
    };
    saveDraft('user-1', values, 'targetAudience');
    const rules = loadDraft('user-1')?.values.proctoringThresholds;
    expect(rules).toMatchObject({ warnAt: 2, autoSubmit: true, autoSubmitAfterFlags: 4 });
    expect(rules?.flagAt).toBeNaN();

    const { proctoringThresholds: _rules, ...older } = emptyExamValues();
    storeOlderDraft(older);
    expect(loadDraft('user-1')?.values.proctoringThresholds).toEqual({
      warnAt: 1,
      flagAt: 3,
      autoSubmit: false,
      autoSubmitAfterFlags: 5,
    });
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(draftKey('user-1'), '{not json');
    expect(loadDraft('user-1')).toBeNull();
    localStorage.setItem(draftKey('user-1'), JSON.stringify({ version: 9, values: {} }));
    expect(loadDraft('user-1')).toBeNull();
  });
});
