import {
  DEFAULT_INSTITUTION_SETTINGS,
  EMAIL_PREFERENCES_MESSAGES,
  emailPreferencesSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailMessages } from '../../db/schema';
import { asAnotherProcess } from '../../test/database';
import { expectError } from '../../test/errors';
import { localDate, MINUTE, sittingSuite } from '../../test/sittings';
import { choiceExam, sit } from '../reports/test-support';
import { EXAM_MESSAGES_JOB, sweepReminders } from './exam-messages';

const suite = sittingSuite();
const { clock } = suite;
const HOUR = 60 * MINUTE;
/** The exam day of the suite's clock, 00:00: exams are scheduled relative to it. */
const DAY = new Date(2030, 2, 14);
const at = (hours: number) => new Date(DAY.getTime() + hours * HOUR);

type Student = Awaited<ReturnType<typeof suite.fixture.student>>;
let a1: Student;
let a2: Student;
let b1: Student;

beforeAll(async () => {
  a1 = await suite.fixture.student(suite.fixture.inSection.A);
  a2 = await suite.fixture.student(suite.fixture.inSection.A);
  b1 = await suite.fixture.student(suite.fixture.inSection.B);
});

const emailOf = (student: Student) => student.record.userId.email;

/** Waits until no exam-messages job is left: what publishing queued has been written. */
async function jobsDone() {
  for (let tries = 0; tries < 200; tries++) {
    const left = await suite.t.database.db.$count(jobs, eq(jobs.kind, EXAM_MESSAGES_JOB));
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The exam messages were not written');
}

/** The recipients of each message of `kind` about the exam, sorted, with the messages. */
async function messagesAbout(examId: string, kind: string) {
  const rows = await suite.t.database.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, kind), like(mailMessages.text, `%/${examId}%`)));
  return { to: rows.map((row) => row.to).sort(), rows };
}

const recipients = (...students: Student[]) => students.map(emailOf).sort();

async function saveSettings(changes: Partial<typeof DEFAULT_INSTITUTION_SETTINGS>) {
  const response = await suite.fixture.adminCall('PUT', 'settings', {
    ...DEFAULT_INSTITUTION_SETTINGS,
    ...changes,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Runs with the settings changed, and puts the defaults back after. */
async function withSettings(
  changes: Partial<typeof DEFAULT_INSTITUTION_SETTINGS>,
  run: () => Promise<void>,
) {
  await saveSettings(changes);
  try {
    await run();
  } finally {
    await saveSettings({});
  }
}

/** A published AUTO exam for section A, on `date` from `start` to `end`, with its payload. */
async function scheduledExam(
  date: Date,
  start: string,
  end: string,
  examStatus: 'DRAFT' | 'PUBLISH' = 'PUBLISH',
) {
  const payload = {
    ...validExamPayload({
      ...suite.fixture.audience,
      sectionIds: [suite.fixture.inSection.A],
      examStatus,
    }),
    scheduleDetails: {
      startDate: localDate(date),
      endDate: localDate(date),
      startTime: start,
      endTime: end,
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  };
  return { ...(await suite.fixture.exam(payload)), payload };
}

/** Saves the exam again with `changes`; the exam as saved. */
async function saveExam(exam: Awaited<ReturnType<typeof scheduledExam>>, changes: object) {
  const saved = await suite.fixture.adminCall('PUT', `update-exam/${exam._id}`, {
    ...exam.payload,
    ...changes,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data.exam as { examStatus: string };
}

const sweep = (now: Date, database = suite.t.database) =>
  sweepReminders(database.db, suite.t.app.jobs, suite.t.config.mail, now);

const preferences = (accessToken: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
  suite.t.app.inject({
    method,
    url: `/api/student/${method === 'GET' ? 'get' : 'update'}-email-preferences`,
    headers: { authorization: `Bearer ${accessToken}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('exam scheduled', () => {
  it("mails each student of a published exam's audience, and nobody else, a link to the exam", async () => {
    clock.set(at(8));
    const exam = await scheduledExam(at(24 * 3), '09:00', '12:00');
    await jobsDone();
    const { to, rows } = await messagesAbout(exam._id, 'exam-scheduled');
    expect(to).toEqual(recipients(a1, a2));
    const [message] = rows;
    expect(message?.subject).toBe(`Exam scheduled: ${exam.examTitle} · Test College`);
    expect(message?.status).toBe('KEPT');
    expect(message?.text).toContain(`https://exams.college.test/student/exam/${exam._id}`);
    expect(message?.text).toContain('Sunday, 17 March 2030 at 09:00');
    expect(message?.text).toContain('— Test College');
    expect(message?.html).toContain(`href="https://exams.college.test/student/exam/${exam._id}"`);
    expect(message?.html).not.toMatch(/<img/i);
  });

  it('announces a draft when it is published, once, however often it is saved after', async () => {
    clock.set(at(8));
    const draft = await scheduledExam(at(24 * 4), '09:00', '12:00', 'DRAFT');
    await jobsDone();
    expect((await messagesAbout(draft._id, 'exam-scheduled')).to).toEqual([]);
    expect((await saveExam(draft, { examStatus: 'PUBLISH' })).examStatus).toBe('PUBLISH');
    await saveExam(draft, { examStatus: 'PUBLISH', examTitle: 'Data Structures Mid-term (B)' });
    await jobsDone();
    expect((await messagesAbout(draft._id, 'exam-scheduled')).to).toEqual(recipients(a1, a2));
  });

  it('sends nothing while the admin has switched the message off', async () => {
    clock.set(at(8));
    await withSettings({ examScheduledEmails: false }, async () => {
      const exam = await scheduledExam(at(24 * 5), '09:00', '12:00');
      await jobsDone();
      expect((await messagesAbout(exam._id, 'exam-scheduled')).to).toEqual([]);
    });
  });
});

describe('exam reminders', () => {
  it('reminds the audience a day and then an hour before the window opens, each once, whatever the processes', async () => {
    // Published before the day's reminder is due: the announcement does not stand in for it.
    clock.set(new Date(at(24 + 9).getTime() - 25 * HOUR));
    const exam = await scheduledExam(at(24), '09:00', '12:00');
    await jobsDone();
    // 23 hours before: the day's reminder, from two processes at once and then again.
    const dayBefore = at(10);
    await Promise.all([sweep(dayBefore), sweep(dayBefore, asAnotherProcess(suite.t.database))]);
    expect(await sweep(dayBefore)).toBe(0);
    const day = await messagesAbout(exam._id, 'exam-reminder-day');
    expect(day.to).toEqual(recipients(a1, a2));
    expect(day.rows[0]?.subject).toBe(`Exam reminder: ${exam.examTitle} · Test College`);
    expect(day.rows[0]?.text).toContain(`https://exams.college.test/student/exam/${exam._id}`);
    // 30 minutes before: the hour's reminder, and no second day's one.
    const hourBefore = at(24 + 8.5);
    await Promise.all([sweep(hourBefore), sweep(hourBefore, asAnotherProcess(suite.t.database))]);
    expect(await sweep(hourBefore)).toBe(0);
    expect((await messagesAbout(exam._id, 'exam-reminder-hour')).to).toEqual(recipients(a1, a2));
    expect((await messagesAbout(exam._id, 'exam-reminder-day')).to).toEqual(recipients(a1, a2));
    // Once the window has opened, nothing more.
    expect(await sweep(at(24 + 9.5))).toBe(0);
  });

  it('reminds of the new time when the exam is moved after a reminder', async () => {
    clock.set(at(-24));
    const exam = await scheduledExam(at(24 * 2), '09:00', '12:00');
    await jobsDone();
    // The day before the first time: reminded of 09:00.
    await sweep(at(24 + 10));
    expect((await messagesAbout(exam._id, 'exam-reminder-day')).to).toEqual(recipients(a1, a2));
    // Moved to 15:00 the same day: reminded again, of 15:00, once.
    clock.set(at(24 + 11));
    await saveExam(exam, {
      scheduleDetails: { ...exam.payload.scheduleDetails, startTime: '15:00', endTime: '17:00' },
    });
    await sweep(at(24 + 16));
    await sweep(at(24 + 16));
    const day = await messagesAbout(exam._id, 'exam-reminder-day');
    expect(day.to).toEqual([...recipients(a1, a2), ...recipients(a1, a2)].sort());
    expect(day.rows.filter((row) => row.text.includes('at 15:00'))).toHaveLength(2);
  });

  it("leaves out a student who turned reminders off, who still gets the exam's other messages", async () => {
    const off = await preferences(a2.accessToken, 'PUT', { examReminders: false });
    expect(off.statusCode).toBe(200);
    try {
      clock.set(at(-24));
      const exam = await scheduledExam(at(24 * 6), '09:00', '12:00');
      await jobsDone();
      expect((await messagesAbout(exam._id, 'exam-scheduled')).to).toEqual(recipients(a1, a2));
      await sweep(at(24 * 5 + 10));
      await sweep(at(24 * 6 + 8.5));
      expect((await messagesAbout(exam._id, 'exam-reminder-day')).to).toEqual(recipients(a1));
      expect((await messagesAbout(exam._id, 'exam-reminder-hour')).to).toEqual(recipients(a1));
    } finally {
      await preferences(a2.accessToken, 'PUT', { examReminders: true });
    }
  });

  it('sends none while the admin has switched reminders off', async () => {
    clock.set(at(-24));
    const exam = await scheduledExam(at(24 * 7), '09:00', '12:00');
    await jobsDone();
    await withSettings({ examReminderEmails: false }, async () => {
      expect(await sweep(at(24 * 6 + 10))).toBe(0);
      expect(await sweep(at(24 * 7 + 8.5))).toBe(0);
    });
    expect((await messagesAbout(exam._id, 'exam-reminder-day')).to).toEqual([]);
  });

  it('does not repeat an announcement made within the reminder’s span', async () => {
    // Published 5 hours before: no day's reminder, but the hour's.
    clock.set(at(24 * 8 + 4));
    const exam = await scheduledExam(at(24 * 8), '09:00', '12:00');
    await jobsDone();
    expect(await sweep(at(24 * 8 + 5))).toBe(0);
    await sweep(at(24 * 8 + 8.5));
    expect((await messagesAbout(exam._id, 'exam-reminder-day')).to).toEqual([]);
    expect((await messagesAbout(exam._id, 'exam-reminder-hour')).to).toEqual(recipients(a1, a2));
  });
});

describe('results published', () => {
  it('tells each student who sat the exam, and only them, with a link to their result', async () => {
    clock.set(at(10));
    const exam = await choiceExam(suite.fixture);
    const sitter = await sit(suite.fixture, exam._id, ['right', 'right', 'right', 'wrong']);
    clock.set(at(24 + 9));
    const published = await suite.fixture.adminCall('POST', `publish-results/${exam._id}`);
    expect(published.statusCode, published.body).toBe(200);
    await jobsDone();
    const { to, rows } = await messagesAbout(exam._id, 'results-published');
    expect(to).toEqual([emailOf(sitter)]);
    expect(rows[0]?.subject).toBe(`Results published: ${exam.examTitle} · Test College`);
    expect(rows[0]?.text).toContain(`https://exams.college.test/student/result/${exam._id}`);
  });

  it('sends nothing while the admin has switched the message off', async () => {
    clock.set(at(10));
    const exam = await choiceExam(suite.fixture);
    await sit(suite.fixture, exam._id, ['right', 'right', 'right', 'wrong']);
    clock.set(at(24 + 9));
    await withSettings({ resultsPublishedEmails: false }, async () => {
      const published = await suite.fixture.adminCall('POST', `publish-results/${exam._id}`);
      expect(published.statusCode).toBe(200);
      await jobsDone();
    });
    expect((await messagesAbout(exam._id, 'results-published')).to).toEqual([]);
  });
});

describe('GET and PUT /api/student/*-email-preferences', () => {
  const preferencesResponse = successResponse(emailPreferencesSchema.strict()).strict();

  it('reads reminders on by default, and saves them off and on again', async () => {
    const first = await preferences(b1.accessToken);
    expect(preferencesResponse.parse(first.json()).data).toEqual({ examReminders: true });
    const off = await preferences(b1.accessToken, 'PUT', { examReminders: false });
    expect(preferencesResponse.parse(off.json())).toEqual({
      success: true,
      message: EMAIL_PREFERENCES_MESSAGES.saved,
      data: { examReminders: false },
    });
    expect(preferencesResponse.parse((await preferences(b1.accessToken)).json()).data).toEqual({
      examReminders: false,
    });
    await preferences(b1.accessToken, 'PUT', { examReminders: true });
    expect(preferencesResponse.parse((await preferences(b1.accessToken)).json()).data).toEqual({
      examReminders: true,
    });
  });

  it('answers 400 naming the field for a missing or non-boolean choice, and changes nothing', async () => {
    for (const body of [
      {},
      { examReminders: 'false' },
      { examReminders: null },
      { examReminders: 1 },
    ]) {
      expectError(await preferences(b1.accessToken, 'PUT', body), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { examReminders: 'Exam reminders must be true or false' },
      });
    }
    expect(preferencesResponse.parse((await preferences(b1.accessToken)).json()).data).toEqual({
      examReminders: true,
    });
  });
});
