import {
  validExamPayload,
  validFacultyPayload,
  validStudentPayload,
} from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { WIDTHS } from './accessibility';
import { admin } from './accounts';
import { adminCreator, apiSignIn, signIn } from './session';

// Batch years of the sitting specs only; other specs create theirs meanwhile. Each test makes its
// own section, student and exam, named after the run.
const BATCH = { startYear: 2044, endYear: 2048 };
const RUN = Date.now().toString(36).toUpperCase();
export const SITTING_PASSWORD = 'Student#Exam2044';
const PASSWORD = SITTING_PASSWORD;

/** The server's wall-clock date of an instant, 'YYYY-MM-DD': the tests run on its machine. */
export function localDate(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/**
 * Through the API: a section of its own, a student in it who has replaced the default password,
 * and an exam published for it, open from today to tomorrow. Its essay section has a time limit
 * of its own; the others run on the exam's clock. Given `proctors` (faculty accounts), it is a
 * PROCTORING exam they are assigned to, open all of today unless `window` says otherwise.
 */
export async function createSitting(
  request: APIRequestContext,
  name: string,
  {
    duration = 90,
    proctors = [],
    window = { startTime: '00:00', endTime: '23:59' },
    firstQuestion = {},
    batchStartYear = BATCH.startYear,
  }: {
    /** A batch of the spec's own, for a spec whose records must not meet the sitting specs'. */
    batchStartYear?: number;
    duration?: number;
    proctors?: string[];
    /** A PROCTORING exam's times today: all of today unless given. */
    window?: { startTime: string; endTime: string };
    /** Replaces fields of the first multiple-choice question (its text, its options). */
    firstQuestion?: { questionText?: string; options?: { text: string; isCorrect: boolean }[] };
  } = {},
) {
  const batch = { startYear: batchStartYear, endYear: batchStartYear + 4 };
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function list(path: string, params: Record<string, string> = {}) {
    const response = await request.get(`/api/admin/${path}`, { headers, params });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data as { _id: string; name: string }[];
  }
  async function create(path: string, data: object) {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  }
  /** The batch, course and branch are shared by every test of the file, whichever made them. */
  async function findOrCreate(
    find: () => Promise<{ _id: string; name: string }[]>,
    named: string,
    path: string,
    data: object,
  ): Promise<string> {
    const found = (await find()).find((record) => record.name === named);
    if (found) return found._id;
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    if (response.status() === 409) return findOrCreate(find, named, path, data);
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data._id;
  }
  const batchId = await findOrCreate(
    () => list('get-batches'),
    `${batch.startYear}-${batch.endYear}`,
    'create-batch',
    batch,
  );
  const courseId = await findOrCreate(
    () => list('get-courses-by-batch', { batchId }),
    'B.Sc',
    'create-course',
    {
      batchId,
      name: 'B.Sc',
      fullName: 'Bachelor of Science',
      totalSemesters: 8,
      durationYears: 4,
      courseType: 'UG',
    },
  );
  const branchId = await findOrCreate(
    () => list('get-branches-by-course', { courseId }),
    'Mathematics',
    'create-branch',
    { courseId, name: 'Mathematics', code: 'MAT' },
  );
  const section = await create('create-section', {
    branchId,
    name: `${name}-${RUN}`,
    capacity: 60,
  });

  /** A student of the sitting's section who has replaced the default password. */
  async function enrol(studentName: string) {
    const email = `${studentName}.${RUN.toLowerCase()}@examiq.test`;
    const student = await create('create-student', {
      ...validStudentPayload({
        email,
        rollNumber: `EXAM-${RUN}-${studentName}`.toUpperCase(),
        course: courseId,
        branch: branchId,
        section: section._id,
        batch: `${batch.startYear}-${batch.endYear}`,
      }),
    });
    const reset = await request.post('/api/auth/change-password', {
      data: {
        email,
        currentPassword: student.defaultPassword,
        newPassword: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    return { email, student: student.student as { _id: string; rollNumber: string } };
  }
  const { email, student } = await enrol(name);

  const title = `Algebra Test ${name} ${RUN}`;
  const payload = validExamPayload({
    batchId,
    courseId,
    branchId,
    sectionIds: [section._id],
    assignedFacultyIds: proctors,
    examStatus: 'PUBLISH',
  });
  const today = localDate(new Date());
  const exam = await create('create-exam', {
    ...payload,
    examTitle: title,
    duration,
    scheduleDetails:
      proctors.length > 0
        ? {
            examDate: today,
            ...window,
            bufferTime: { beforeExam: 0, afterExam: 0 },
          }
        : {
            startDate: today,
            endDate: localDate(new Date(Date.now() + 86_400_000)),
            bufferTime: { beforeExam: 0, afterExam: 0 },
          },
    examSections: payload.examSections.map((examSection) => ({
      ...examSection,
      timeLimit: examSection.questionType === 'LONG_ANSWER' ? 20 : 0,
    })),
    questions: payload.questions.map((section, index) =>
      index === 0
        ? section.map((question, order) =>
            order === 0 ? { ...question, ...firstQuestion } : question,
          )
        : section,
    ),
  });
  return {
    email,
    title,
    /** The section's name, as the wizard lists it ('Section <name>'). */
    sectionName: section.name as string,
    rollNumber: student.rollNumber,
    examId: exam.exam._id as string,
    studentId: student._id,
    /** Another student joins the section later, by name; answers their email. */
    enrol: async (studentName: string) => (await enrol(studentName)).email,
  };
}

/**
 * Through the API: another exam for a sitting's section, of one section whose questions are
 * `questions` (or drawn, when the section says so), published and open from today to tomorrow:
 * its id, and the admin's headers for further calls.
 */
export async function createOneSectionExam(
  request: APIRequestContext,
  sittingExamId: string,
  {
    title,
    passingMarks,
    section,
    questions,
  }: {
    title: string;
    passingMarks: number;
    section: {
      name: string;
      marks: number;
      questionType: string;
      totalQuestions: number;
      instructions: string[];
      [field: string]: unknown;
    };
    questions: object[];
  },
) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const found = await request.get(`/api/admin/get-exam/${sittingExamId}`, { headers });
  expect(found.status(), await found.text()).toBe(200);
  const { batchId, courseId, branchId, sectionIds } = (await found.json()).data.exam;
  const created = await request.post('/api/admin/create-exam', {
    headers,
    data: {
      ...validExamPayload({ batchId, courseId, branchId, sectionIds, examStatus: 'PUBLISH' }),
      examTitle: title,
      totalMarks: section.marks,
      passingMarks,
      scheduleDetails: {
        startDate: localDate(new Date()),
        endDate: localDate(new Date(Date.now() + 86_400_000)),
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
      examSections: [{ order: '1', timeLimit: 0, isOptional: false, ...section }],
      questions: [questions],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return {
    examId: (await created.json()).data.exam._id as string,
    courseId: courseId as string,
    headers,
  };
}

export const FACULTY_PASSWORD = 'Faculty#Exam2044';

/**
 * Through the API: a faculty member (Vikram Rao) who has replaced the default password, with the
 * account id exams assign as proctor or evaluator.
 */
export async function createFacultyMember(request: APIRequestContext, name: string) {
  const create = await adminCreator(request);
  const suffix = `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const payload = validFacultyPayload({
    email: `${suffix}@examiq.test`,
    // An employee ID has at most 30 characters: the tail keeps the unique part.
    employeeId: suffix.toUpperCase().slice(-30),
  });
  const { faculty, defaultPassword } = await create('create-faculty', payload);
  const reset = await request.post('/api/auth/change-password', {
    data: {
      email: payload.email,
      currentPassword: defaultPassword,
      newPassword: FACULTY_PASSWORD,
      confirmPassword: FACULTY_PASSWORD,
    },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  return { email: payload.email, userId: faculty.userId._id as string };
}

/** Through the API: a faculty member who has replaced the default password, chosen to evaluate. */
export async function createEvaluator(request: APIRequestContext, examId: string) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const evaluator = await createFacultyMember(request, 'grader');
  const chosen = await request.put(`/api/admin/set-exam-evaluators/${examId}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: { evaluatorIds: [evaluator.userId] },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  return evaluator.email;
}

/**
 * Through the API: the student starts, writes `text` as the essay's answer (and, given `choice`,
 * chooses that option of the first question) and submits.
 */
export async function submitEssay(
  request: APIRequestContext,
  email: string,
  examId: string,
  text: string,
  { choice }: { choice?: string } = {},
) {
  const { tokens } = await apiSignIn(request, email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { attempt, sections } = (await started.json()).data;
  const essay = sections.find((section: { name: string }) => section.name === 'Essay');
  // The essay is timed: its questions come with its opening.
  const opened = await request.post(`/api/student/open-section/${attempt._id}`, {
    headers,
    data: { sectionId: essay._id },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { questions } = (await opened.json()).data;
  const submitted = await request.post(`/api/student/submit-exam/${attempt._id}`, {
    headers,
    data: {
      seq: 1,
      answers: [
        { questionId: questions[0]._id, text },
        ...(choice === undefined
          ? []
          : [{ questionId: sections[0].questions[0]._id, selectedOptionId: choice }]),
      ],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/** Through the API: the student starts and submits a blank paper. */
export async function submitBlank(request: APIRequestContext, email: string, examId: string) {
  const { tokens } = await apiSignIn(request, email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { attempt } = (await started.json()).data;
  const submitted = await request.post(`/api/student/submit-exam/${attempt._id}`, { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

export const saveState = (page: Page) => page.getByTestId('save-state');

export async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
}

/** Signs in and starts the exam from its lobby, as a student does. */
export async function startFromLobby(page: Page, sitting: { email: string; examId: string }) {
  await signIn(page, sitting.email, PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${sitting.examId}`);
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();
}

/** A faculty member, and a PROCTORING exam they proctor with one student in its audience. */
export async function createProctoredSitting(
  request: APIRequestContext,
  name: string,
  window?: { startTime: string; endTime: string },
) {
  const proctor = await createFacultyMember(request, `proctor-${name}`);
  const sitting = await createSitting(request, name, {
    proctors: [proctor.userId],
    ...(window && { window }),
  });
  return { proctor, ...sitting };
}

/** The proctored attempt page's own part (signals, chat) is there: its chat button shows. */
export async function expectProctoringWatches(page: Page) {
  await expect(page.getByRole('button', { name: /Proctor chat/ })).toBeVisible();
}

/** Signs in, passes the lobby's system check and starts: the attempt's id. */
export async function startProctoredFromLobby(
  page: Page,
  sitting: { email: string; examId: string },
) {
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${sitting.examId}`);
  await page.getByRole('button', { name: 'Check my system' }).click();
  // The fake camera starts slowly when the machine is busy.
  await expect(page.getByText('All checks passed. You can start the exam.')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();
  await expectProctoringWatches(page);
  return page.url().split('/').at(-1) as string;
}

/** Presses a key with focus on the element: the keyboard, not the pointer, does the rest. */
export async function press(target: Locator, key: string) {
  await target.focus();
  await target.page().keyboard.press(key);
}

/**
 * The student submits on a phone by keyboard, every one of the `count` questions answered, the
 * admin publishes the results, and the student opens the exam's result.
 */
export async function submitAndReadResult(
  page: Page,
  request: APIRequestContext,
  exam: { _id: string; title: string },
  count: number,
) {
  await page.setViewportSize(WIDTHS.phone);
  await press(page.getByRole('button', { name: 'Submit exam' }), 'Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit exam?' });
  await expect(dialog).toContainText(`You have answered ${count} of ${count} questions.`);
  await press(dialog.getByRole('button', { name: 'Submit exam' }), 'Enter');
  await expect(page.getByRole('region', { name: 'Exam submitted' })).toContainText(
    `Answers saved${count} of ${count}`,
  );
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const published = await request.post(`/api/admin/publish-results/${exam._id}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(published.status(), await published.text()).toBe(200);
  await page.goto(`/student/result/${exam._id}`);
  await expect(page.getByRole('heading', { level: 1, name: exam.title })).toBeVisible();
}
