import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validExamPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEmbedded } from '../test/database';
import { freePort, type ServerProcess, startServer, waitForHealth } from '../test/server-process';
import { localDate } from '../test/sittings';
import { LOCK_FILE } from './data-dir-lock';

/**
 * A real server process on the embedded database is killed (SIGKILL) while it acknowledges writes
 * (admins creating records, a student saving answers), then restarted on the same DATA_DIR: every
 * write answered 201, and every save answered 200, must still be there. This is the guarantee the
 * README gives for a killed process; a power cut is a different matter (no fsync).
 */

const ADMIN = { email: 'durability@examiq.test', password: 'Durable#Pass-123' };
const KILL_CYCLES = 3;
const WRITE_MS = 1_500;
const CONCURRENT_WRITERS = 8;

describeEmbedded('embedded database durability', () => {
  let dataDir: string;
  let baseUrl: string;
  let port: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'examiq-durability-'));
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(account = ADMIN): Promise<Record<string, string>> {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { tokens: { accessToken: string } } };
    return {
      authorization: `Bearer ${body.data.tokens.accessToken}`,
      'content-type': 'application/json',
    };
  }

  async function post(headers: Record<string, string>, route: string, data: unknown) {
    return fetch(`${baseUrl}/api/admin/${route}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(data),
    });
  }

  async function created<Data = { _id: string }>(
    headers: Record<string, string>,
    route: string,
    data: unknown,
  ): Promise<Data> {
    const response = await post(headers, route, data);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { data: Data }).data;
  }

  /** The stored answers of an attempt, by question: the text and the seq that wrote it. */
  async function savedAnswers(headers: Record<string, string>, attemptId: string) {
    const response = await fetch(`${baseUrl}/api/student/get-attempt/${attemptId}`, { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { answers: { questionId: string; text: string; seq: number }[] };
    };
    return new Map(body.data.answers.map((answer) => [answer.questionId, answer]));
  }

  async function sectionNames(headers: Record<string, string>): Promise<Set<string>> {
    const response = await fetch(`${baseUrl}/api/admin/get-sections`, { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { name: string }[] };
    return new Set(body.data.map((section) => section.name));
  }

  /** Starts a (re)started server and checks it took the lock and opened its database. */
  async function startHealthy(): Promise<ServerProcess> {
    const running = startServer({
      dataDir,
      port,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    server = running;
    await waitForHealth(running, port);
    expect((await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).trim()).toBe(
      String(running.child.pid),
    );
    return running;
  }

  it(`keeps every acknowledged write across ${KILL_CYCLES} SIGKILLs of the server`, async () => {
    let running = await startHealthy();
    let headers = await signIn();
    const { _id: batchId } = await created(headers, 'create-batch', {
      startYear: 2030,
      endYear: 2034,
    });
    const { _id: courseId } = await created(headers, 'create-course', {
      batchId,
      name: 'B.Tech',
      fullName: 'Bachelor of Technology',
      totalSemesters: 8,
      durationYears: 4,
      courseType: 'UG',
    });
    const { _id: branchId } = await created(headers, 'create-branch', {
      courseId,
      name: 'Durability',
      code: 'DUR',
    });

    // A student sitting an exam open today, whose answers are saved throughout.
    const { _id: sectionId } = await created(headers, 'create-section', {
      branchId,
      name: 'Sitting',
      capacity: 30,
    });
    const studentPayload = validStudentPayload({
      email: 'sitting@examiq.test',
      rollNumber: 'DUR-001',
      course: courseId,
      branch: branchId,
      section: sectionId,
      batch: '2030-2034',
    });
    const { defaultPassword } = await created<{ defaultPassword: string }>(
      headers,
      'create-student',
      studentPayload,
    );
    const student = { email: studentPayload.email, password: 'Sitting-pass-9' };
    // A new account is answered by the exam routes only once its default password is replaced.
    const reset = await fetch(`${baseUrl}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: student.email,
        currentPassword: defaultPassword,
        newPassword: student.password,
        confirmPassword: student.password,
      }),
    });
    expect(reset.status).toBe(200);
    const day = 24 * 60 * 60_000;
    const payload = validExamPayload({ batchId, courseId, branchId, sectionIds: [sectionId] });
    const { exam } = await created<{ exam: { _id: string } }>(headers, 'create-exam', {
      ...payload,
      // Untimed, so the start shows every section's questions.
      examSections: payload.examSections.map((section) => ({ ...section, timeLimit: 0 })),
      examStatus: 'PUBLISH',
      scheduleDetails: {
        startDate: localDate(new Date(Date.now() - day)),
        endDate: localDate(new Date(Date.now() + day)),
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    });
    let studentHeaders = await signIn(student);
    const start = await fetch(`${baseUrl}/api/student/start-exam/${exam._id}`, {
      method: 'POST',
      headers: studentHeaders,
      body: '{}',
    });
    expect(start.status).toBe(200);
    const view = (await start.json()) as {
      data: {
        attempt: { _id: string };
        sections: { questions: { _id: string; questionType: string }[] }[];
      };
    };
    const attemptId = view.data.attempt._id;
    const writtenQuestions = view.data.sections
      .flatMap((section) => section.questions)
      .filter((question) => question.questionType.endsWith('_ANSWER'))
      .map((question) => question._id);
    /** The highest seq acknowledged for each question. */
    const acknowledgedSeq = new Map<string, number>();
    let seq = 0;

    const acknowledged = new Set<string>();
    const figures: string[] = [];
    for (let cycle = 1; cycle <= KILL_CYCLES; cycle += 1) {
      let next = 0;
      let stop = false;
      let attempted = 0;
      const writer = async () => {
        while (!stop) {
          const name = `Kill ${cycle} Section ${next++}`;
          attempted += 1;
          try {
            const response = await post(headers, 'create-section', {
              branchId,
              name,
              capacity: 30,
            });
            if (response.status === 201) acknowledged.add(name);
            else if (!stop) throw new Error(`${response.status}: ${await response.text()}`);
          } catch (error) {
            // After the kill a request fails without an answer: it was never acknowledged.
            if (!stop) throw error;
          }
        }
      };
      const saver = async () => {
        while (!stop) {
          seq += 1;
          const mine = seq;
          const questionId = writtenQuestions[mine % writtenQuestions.length] as string;
          try {
            const response = await fetch(`${baseUrl}/api/student/save-answers/${attemptId}`, {
              method: 'PUT',
              headers: studentHeaders,
              body: JSON.stringify({ seq: mine, answers: [{ questionId, text: `Save ${mine}` }] }),
            });
            if (response.status === 200) {
              acknowledgedSeq.set(questionId, Math.max(acknowledgedSeq.get(questionId) ?? 0, mine));
            } else if (!stop) throw new Error(`${response.status}: ${await response.text()}`);
          } catch (error) {
            if (!stop) throw error;
          }
        }
      };
      const writers = [
        ...Array.from({ length: CONCURRENT_WRITERS }, writer),
        ...Array.from({ length: CONCURRENT_WRITERS / 2 }, saver),
      ];
      await new Promise((resolve) => setTimeout(resolve, WRITE_MS));

      // Requests are in flight right now: the process dies without any chance to flush.
      stop = true;
      running.child.kill('SIGKILL');
      await running.exited;
      expect(running.child.signalCode).toBe('SIGKILL');
      await Promise.all(writers);

      running = await startHealthy();
      headers = await signIn();
      studentHeaders = await signIn(student);
      const found = await sectionNames(headers);
      const missing = [...acknowledged].filter((name) => !found.has(name));
      // Each question holds the newest save that wrote it: never older than one acknowledged.
      const answers = await savedAnswers(studentHeaders, attemptId);
      const lostSaves = [...acknowledgedSeq].filter(([questionId, acknowledgedUpTo]) => {
        const stored = answers.get(questionId);
        return !stored || stored.seq < acknowledgedUpTo || stored.text !== `Save ${stored.seq}`;
      });
      figures.push(
        `kill ${cycle}: ${attempted} sent, ${acknowledged.size} acknowledged in total, ` +
          `${found.size} found after restart, ${missing.length} missing; ` +
          `${seq} saves sent, the newest acknowledged save of ${acknowledgedSeq.size} answers ` +
          `${lostSaves.length === 0 ? 'all found' : `lost for ${lostSaves.length}`}`,
      );
      expect(missing, figures.join('\n')).toEqual([]);
      expect(lostSaves, figures.join('\n')).toEqual([]);
      // Besides the acknowledged writes, at most the ones in flight at each kill (committed, but
      // their answer lost) may be there.
      expect(found.size).toBeLessThanOrEqual(acknowledged.size + cycle * CONCURRENT_WRITERS);
    }
    console.log(`Embedded database durability:\n${figures.join('\n')}`);
    expect(acknowledged.size).toBeGreaterThan(KILL_CYCLES * 10);
    expect(acknowledgedSeq.size).toBe(writtenQuestions.length);

    // A clean stop after the crashes still releases the lock.
    running.child.kill('SIGTERM');
    await running.exited;
    expect(running.child.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 90_000);
});
