import { EXAM_MESSAGES, type ExamStatus, type MediaUrls } from '@examiq/contracts';
import { ArrowLeft, ArrowRight, CircleCheck, Eye, SearchCheck } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { MediaUrlsProvider } from '@/components/content/content';
import { ImageUploadsContext } from '@/components/content-editor/image-uploads';
import { useImageUploads } from '@/components/content-editor/use-image-uploads';
import { PageHeader } from '@/components/page-header';
import { getFieldErrors } from '@/lib/api-client';
import { useUpdateExam } from '../api/change-exam';
import { useCreateExam } from '../api/create-exam';
import { ExamInfoStep } from './exam-info-step';
import { ExamStructureStep } from './exam-structure-step';
import type { ExamWizardValues } from './exam-values';
import { QuestionsStep } from './questions-step';
import { type ValidationContext, wizardResolver } from './resolver';
import { ReviewDialog } from './review-dialog';
import { SaveActions } from './save-actions';
import { SavedPanel } from './saved-panel';
import { ScheduleStep } from './schedule-step';
import { Stepper } from './stepper';
import {
  buildPayload,
  STEP_FIELDS,
  STEP_IDS,
  STEP_TITLES,
  type StepId,
  type StepValidity,
  stepOfPath,
} from './steps';
import { TargetAudienceStep } from './target-audience-step';
import { useDraftAutosave } from './use-draft-autosave';
import { useWizardStatus } from './use-wizard-status';

const STEP_DESCRIPTIONS: Record<StepId, string> = {
  examInfo: 'Name the exam, set its marks and duration, and choose how it is run.',
  targetAudience:
    'Choose who sits the exam, and for a proctored exam who supervises it and by which rules.',
  schedule: 'When the exam opens and closes.',
  examStructure: 'Divide the exam into up to 5 sections, each with one type of question.',
  questions: 'Write every question of each section.',
};

const PAGE_DESCRIPTION =
  'Set up an exam step by step: information, target audience, schedule, structure and questions. Save it as a draft or publish it.';

/** A step opens once every step before it is valid; going back is always allowed. */
function canOpenStep(step: StepId, current: StepId, validity: StepValidity): boolean {
  const index = STEP_IDS.indexOf(step);
  return index <= STEP_IDS.indexOf(current) || STEP_IDS.slice(0, index).every((s) => validity[s]);
}

/** The furthest step up to `wanted` that may open, for an exam resumed from this device. */
function reachableStep(wanted: StepId, validity: StepValidity): StepId {
  return (
    STEP_IDS.slice(0, STEP_IDS.indexOf(wanted) + 1).findLast((step) =>
      canOpenStep(step, 'examInfo', validity),
    ) ?? 'examInfo'
  );
}

interface ExamWizardProps {
  /** Where the exam being built is kept on this device. */
  storageKey: string;
  initialValues: ExamWizardValues;
  initialStep: StepId;
  onCreateAnother: () => void;
  /** The stored exam being saved again; a new exam is created without it. */
  examId?: string;
  /** The institution's longest exam, in minutes. */
  maxDuration: number;
  /** Where the stored exam's images are shown from (media id → signed URL). */
  mediaUrls?: MediaUrls;
}

/**
 * The Create Exam wizard (spec sections 2 and 4): one form for the whole exam, five steps, and
 * the header's Draft and Publish buttons.
 */
export function ExamWizard({
  storageKey,
  initialValues,
  initialStep,
  onCreateAnother,
  examId,
  maxDuration,
  mediaUrls: storedMediaUrls,
}: ExamWizardProps) {
  const validation = useRef<ValidationContext>({
    revealAll: false,
    isShown: () => true,
    maxDuration,
  });
  // Every change is checked, but the resolver shows an error only once its field was touched
  // (or already shows one): a fixed field clears at once, an untouched one stays quiet.
  const form = useForm<ExamWizardValues, ValidationContext>({
    mode: 'all',
    resolver: wizardResolver,
    context: validation.current,
    defaultValues: initialValues,
  });
  const { status, refresh, markRefused } = useWizardStatus(form, maxDuration);
  const [current, setCurrent] = useState(() => reachableStep(initialStep, status.validity));
  const [questionsOpened, setQuestionsOpened] = useState(false);
  if (current === 'questions' && !questionsOpened) setQuestionsOpened(true);
  const [reviewing, setReviewing] = useState(false);
  const [saved, setSaved] = useState<ExamStatus | null>(null);
  const [savedExamId, setSavedExamId] = useState<string | null>(null);
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const autosave = useDraftAutosave(form, storageKey, current);
  const create = useCreateExam();
  const update = useUpdateExam(examId ?? '');
  const saveExam = examId ? update : create;
  const navigate = useNavigate();
  const saving = saveExam.isPending ? (saveExam.variables?.examStatus ?? null) : null;
  const navigated = useRef(false);
  const { mediaUrls, imageUploads } = useImageUploads('admin', initialValues, storedMediaUrls);

  const index = STEP_IDS.indexOf(current);
  const allValid = STEP_IDS.every((step) => status.validity[step]);
  const last = index === STEP_IDS.length - 1;

  useEffect(() => {
    validation.current.isShown = (path) => {
      const { isTouched, invalid } = form.getFieldState(path as FieldPath<ExamWizardValues>);
      return isTouched || invalid;
    };
  }, [form]);

  // A new step is announced by moving focus to its title (and scrolling it into view). The
  // title is keyed by step, so this runs once per step opened, never on the first one.
  const focusTitle = useCallback((title: HTMLHeadingElement | null) => {
    if (title && navigated.current) title.focus();
  }, []);

  useEffect(() => {
    if (!focusPath) return;
    form.setFocus(focusPath as FieldPath<ExamWizardValues>);
    setFocusPath(null);
  }, [focusPath, form]);

  function open(step: StepId) {
    navigated.current = true;
    setCurrent(step);
  }

  /** Opens the cards holding errors, so every error shown has its field in sight. */
  function expandSectionsWithErrors() {
    form.getValues('examSections').forEach((section, i) => {
      const invalid = form.getFieldState(`examSections.${i}`).invalid;
      if (invalid && !section.isExpanded) form.setValue(`examSections.${i}.isExpanded`, true);
    });
  }

  /** Shows every error of a step at once, touched or not ('Show what's missing'). */
  async function reveal(step: StepId) {
    validation.current.revealAll = true;
    try {
      await form.trigger([...STEP_FIELDS[step]]);
    } finally {
      validation.current.revealAll = false;
    }
    expandSectionsWithErrors();
  }

  function applyServerErrors(errors: Record<string, string>) {
    const paths = Object.keys(errors);
    for (const path of paths) {
      form.setError(path as FieldPath<ExamWizardValues>, { type: 'server', message: errors[path] });
    }
    markRefused(paths);
    expandSectionsWithErrors();
    const step = STEP_IDS.find((id) => paths.some((path) => stepOfPath(path) === id));
    if (!step) return;
    open(step);
    setFocusPath(paths.find((path) => stepOfPath(path) === step) ?? null);
  }

  async function save(examStatus: ExamStatus) {
    if (saveExam.isPending || saved) return;
    const result = buildPayload(form.getValues(), examStatus);
    if (!result.ok && result.reason === 'missing') {
      toast.error(EXAM_MESSAGES.missingData);
      return;
    }
    // The flags trail the last keystroke by a moment; the exam as it stands now is what counts.
    const invalidStep = STEP_IDS.find((step) => !refresh().validity[step]);
    if (invalidStep || !result.ok) {
      toast.error(EXAM_MESSAGES.invalidForm);
      setReviewing(false);
      if (invalidStep) {
        open(invalidStep);
        await reveal(invalidStep);
      }
      return;
    }
    let stored: { _id: string };
    try {
      stored = await saveExam.mutateAsync(result.payload);
    } catch (error) {
      toast.error(examStatus === 'DRAFT' ? EXAM_MESSAGES.draftFailed : EXAM_MESSAGES.publishFailed);
      setReviewing(false);
      applyServerErrors(getFieldErrors(error));
      return;
    }
    autosave.discard();
    setReviewing(false);
    toast.success(examStatus === 'DRAFT' ? EXAM_MESSAGES.draftSaved : EXAM_MESSAGES.published);
    // A stored exam goes back to its page, which shows it as saved.
    if (examId) navigate(`/admin/exam/${examId}`);
    else {
      setSaved(examStatus);
      setSavedExamId(stored._id);
    }
  }

  const stepValid = status.validity[current];
  const steps: Record<Exclude<StepId, 'questions'>, ReactNode> = {
    examInfo: <ExamInfoStep maxDuration={maxDuration} />,
    targetAudience: <TargetAudienceStep />,
    schedule: <ScheduleStep />,
    examStructure: <ExamStructureStep warnings={status.warnings} />,
  };

  return (
    <FormProvider {...form}>
      <MediaUrlsProvider mediaUrls={mediaUrls}>
        <ImageUploadsContext value={imageUploads}>
          <PageHeader
            title={examId ? 'Edit Exam' : 'Create Exam'}
            description={PAGE_DESCRIPTION}
            actions={
              <>
                {/* The stored paper: changes not saved yet are not in it. */}
                {examId && (
                  <ButtonLink to={`/admin/exam/${examId}/preview`} variant="secondary">
                    <Eye aria-hidden="true" className="size-4" />
                    Preview as a student
                  </ButtonLink>
                )}
                <SaveActions ready={allValid} saving={saving} saved={saved} onSave={save} />
              </>
            }
          />
          {saved && savedExamId && (
            <SavedPanel
              examId={savedExamId}
              status={saved}
              title={form.getValues('examTitle')}
              onCreateAnother={onCreateAnother}
            />
          )}
          <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-6">
            <Stepper
              current={current}
              validity={status.validity}
              canOpen={(step) => canOpenStep(step, current, status.validity)}
              onOpen={open}
            />
            <div className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
              <div className="border-b border-slate-100 px-4 py-4 sm:px-6">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                  {`Step ${index + 1} of ${STEP_IDS.length}`}
                </p>
                <h2
                  key={current}
                  ref={focusTitle}
                  tabIndex={-1}
                  className="mt-0.5 text-lg font-semibold text-slate-900 focus:outline-none"
                >
                  {STEP_TITLES[current]}
                </h2>
                <p className="mt-0.5 text-sm text-slate-600">{STEP_DESCRIPTIONS[current]}</p>
              </div>
              {/* Once saved, the exam stays visible for reference but can no longer change. */}
              <fieldset disabled={saved !== null} className="min-w-0 px-4 py-5 sm:px-6">
                {current !== 'questions' && steps[current]}
                {questionsOpened && (
                  // Once opened, the questions stay mounted on the other steps: a step of 250 cards is
                  // not rebuilt on every visit. Skipped by rendering (content-visibility keeps its
                  // layout for the way back), by assistive technology and by the keyboard.
                  <div
                    className={current === 'questions' ? undefined : '[content-visibility:hidden]'}
                    aria-hidden={current !== 'questions' || undefined}
                    inert={current !== 'questions'}
                  >
                    <QuestionsStep warnings={status.warnings} shares={status.shares} />
                  </div>
                )}
              </fieldset>
              <div className="flex flex-col gap-3 border-t border-slate-100 px-4 py-4 sm:flex-row sm:items-center sm:px-6">
                <div className="min-w-0 flex-1 text-sm text-slate-500">
                  {!stepValid && !saved && (
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      {last
                        ? 'Every step must be complete before the exam can be saved.'
                        : 'Complete this step to continue.'}
                      <button
                        type="button"
                        onClick={() => void reveal(current)}
                        className="inline-flex items-center gap-1 rounded font-medium text-brand-700 hover:underline"
                      >
                        <SearchCheck aria-hidden="true" className="size-4" />
                        Show what's missing
                      </button>
                    </p>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    className="flex-1 sm:flex-none"
                    disabled={index === 0}
                    onClick={() => open(STEP_IDS[index - 1] ?? current)}
                  >
                    <ArrowLeft aria-hidden="true" className="size-4" />
                    Previous
                  </Button>
                  {last ? (
                    <Button
                      className="flex-1 sm:flex-none"
                      disabled={!allValid || saved !== null}
                      onClick={() => setReviewing(true)}
                    >
                      <CircleCheck aria-hidden="true" className="size-4" />
                      Complete
                    </Button>
                  ) : (
                    <Button
                      className="flex-1 sm:flex-none"
                      disabled={!stepValid}
                      onClick={() => open(STEP_IDS[index + 1] ?? current)}
                    >
                      Next
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                </div>
              </div>
            </div>
          </div>
          <ReviewDialog
            open={reviewing}
            saving={saving}
            onClose={() => setReviewing(false)}
            onSave={save}
          />
        </ImageUploadsContext>
      </MediaUrlsProvider>
    </FormProvider>
  );
}
