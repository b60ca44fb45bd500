// Results at scale: an exam whose 10,000 attempts are submitted and marked (seeded in set-based
// SQL), exported as CSV and XLSX while the server's memory is watched, and a corrected answer key
// re-scored across all of them by the server's background job, against the bare statement that
// re-scores them in one go.
import ExcelJS from 'exceljs';
import { benchId } from './dataset.mjs';
import { onDatabase } from './exam-day.mjs';
import { CHOICE_AND_WRITTEN_SECTIONS, localDate, mixedExamPayload } from './exams.mjs';
import { settle, withPeakRss } from './http.mjs';
import { rssMiB } from './server.mjs';

/** Attempts of the exam; a --quick run has 2,000 students in all. */
export const RESULT_ATTEMPTS = 10_000;
/** Attempts whose answers one statement seeds: 20,000 rows, as lib/seed.ts's chunks. */
const SEED_CHUNK = 1_000;
/** The growth of the server's RSS an export may cause: the file is never held whole. */
export const EXPORT_GROWTH_MIB = 64;
/** The regrade job (batches of 500, progress written, polled) against one bare statement. */
export const REGRADE_FACTOR = 4;
const POLL_MS = 50;

/**
 * A published AUTO exam of 20 questions for the first seeded section, open today: its sittings are
 * over once more attempts are submitted than the section has students.
 */
function examPayload() {
  const today = localDate(new Date());
  return mixedExamPayload({
    audience: {
      batchId: benchId('batch', 0),
      courseId: benchId('course', 0),
      branchId: benchId('branch', 0),
      sectionIds: [benchId('section', 0)],
    },
    examTitle: 'Results at scale',
    scheduleDetails: { startDate: today, endDate: today },
    sections: CHOICE_AND_WRITTEN_SECTIONS,
  });
}

/**
 * The attempts, submitted, of the exam's section's students and then of the first other seeded
 * students (so nobody of the audience is absent and every row of the export is an attempt's; the
 * others' sections do not matter to the results), and an answer to every question: an option picked by a hash of the attempt and the
 * question, scored as a save scores it; a written answer marked with a share of its marks.
 */
const SEED_ATTEMPTS = `
  insert into exam_attempts (exam_id, student_user_id, status, started_at, base_deadline_at,
    deadline_at, submitted_at, submit_trigger)
  select $1, student.user_id, 'SUBMITTED', now() - interval '3 hours', now() - interval '1 hour',
    now() - interval '1 hour', now() - interval '2 hours', 'STUDENT'
  from (
    select user_id from students order by section_id = $3 desc, user_id limit $2
  ) as student`;

const SEED_ANSWERS = `
  insert into attempt_answers (attempt_id, question_id, selected_option, text, seq, saved_at,
    awarded_marks, marked_at)
  select attempt.id, question.id, pick.option,
    case when question.options is null then 'An answer written in a few words.' end,
    1, now(),
    case when question.options is null then floor(pick.share * (question.marks + 1))
      when pick.option = question.correct_option then question.marks else 0 end,
    case when question.options is null then now() end
  from (select id from exam_attempts where exam_id = $1 order by id offset $2 limit $3) as attempt
  cross join questions as question
  inner join exam_sections as section on section.id = question.section_id and section.exam_id = $1
  cross join lateral (
    select abs(hashtext(attempt.id::text || question.id::text)) as hash
  ) as h
  cross join lateral (
    select case when question.options is not null
        then h.hash % cardinality(question.options) end as option,
      (h.hash % 100) / 100.0 as share
  ) as pick`;

/** The exam of the results rows, made once per engine: its id, EXM id and first MCQ. */
export async function resultsExam(ctx) {
  if (ctx.resultsExam) return ctx.resultsExam;
  const attempts = Math.min(RESULT_ATTEMPTS, ctx.scale.students);
  const response = await fetch(`${ctx.server.url}/api/admin/create-exam`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ctx.auth },
    body: JSON.stringify(examPayload()),
  });
  if (response.status !== 201) throw new Error(`create-exam answered ${response.status}`);
  const { exam } = (await response.json()).data;
  const started = performance.now();
  const questionId = await onDatabase(ctx, async (query) => {
    await query(SEED_ATTEMPTS, [exam._id, attempts, benchId('section', 0)]);
    for (let offset = 0; offset < attempts; offset += SEED_CHUNK) {
      await query(SEED_ANSWERS, [exam._id, offset, SEED_CHUNK]);
    }
    const [first] = await query(
      `select question.id from questions as question
      inner join exam_sections as section on section.id = question.section_id
      where section.exam_id = $1 and question.question_type = 'MCQ'
      order by section.position, question.position limit 1`,
      [exam._id],
    );
    return first.id;
  });
  ctx.resultsExam = {
    _id: exam._id,
    examId: exam.examId,
    attempts,
    questionId,
    seedSeconds: (performance.now() - started) / 1000,
  };
  return ctx.resultsExam;
}

/**
 * Downloads the export as a client would, reading the body as it comes without keeping it;
 * the server's RSS before (at rest) and its peak during the download.
 */
async function exportRun(ctx, format) {
  const exam = await resultsExam(ctx);
  await settle(ctx.server);
  const restMiB = rssMiB(ctx.server.pid);
  const started = performance.now();
  const { result, peakRssMiB } = await withPeakRss([ctx.server.pid], async () => {
    const response = await fetch(
      `${ctx.server.url}/api/admin/export-exam-results/${exam._id}?format=${format}`,
      { headers: ctx.auth },
    );
    if (response.status !== 200) throw new Error(`The export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    // The workbook is kept to be opened once timed; the CSV's lines are counted as they come.
    const kept = [];
    for await (const chunk of response.body) {
      bytes += chunk.length;
      if (format === 'xlsx') kept.push(chunk);
      else for (const byte of chunk) if (byte === 10) lines += 1;
    }
    return { bytes, lines, kept };
  });
  const elapsedMs = performance.now() - started;
  const { kept, ...figures } = result;
  if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(kept));
    figures.lines = workbook.getWorksheet('Results')?.rowCount ?? 0;
  }
  return {
    ms: elapsedMs,
    ...figures,
    restMiB,
    peakRssMiB,
    attempts: exam.attempts,
    seedSeconds: exam.seedSeconds,
  };
}

export const exportCsv = (ctx) => exportRun(ctx, 'csv');
export const exportXlsx = (ctx) => exportRun(ctx, 'xlsx');

/**
 * The admin's regrade of the first MCQ (to option 1): its preview, then the apply, and the job
 * timed from the apply's answer to its DONE as the browser polls it (every 50 ms); then the bare
 * statement re-scoring the same answers.
 */
export async function regradeRun(ctx) {
  const exam = await resultsExam(ctx);
  await settle(ctx.server);
  const call = async (method, path, body) => {
    const response = await fetch(`${ctx.server.url}/api/admin/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...ctx.auth },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const payload = { questionId: exam.questionId, correctOptionId: '1' };
  const previewStarted = performance.now();
  const preview = await call('POST', `regrade-question/${exam._id}`, { ...payload, dryRun: true });
  const previewMs = performance.now() - previewStarted;
  if (preview.status !== 200) throw new Error(`The preview answered ${preview.status}`);

  const applyStarted = performance.now();
  const applied = await call('POST', `regrade-question/${exam._id}`, payload);
  if (applied.status !== 202) throw new Error(`The regrade answered ${applied.status}`);
  // The job runs from the answer on; the apply itself lists the changes, as the preview does.
  const started = performance.now();
  const applyMs = started - applyStarted;
  let job = applied.body.data.job;
  while (job.status === 'RUNNING') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = (await call('GET', `get-regrade-job/${job._id}`)).body.data;
  }
  const jobMs = performance.now() - started;

  const bareMs = await onDatabase(ctx, async (query) => {
    const bareStarted = performance.now();
    await query(
      `update attempt_answers as answer
      set awarded_marks = case when answer.selected_option = 1 then question.marks else 0 end
      from exam_attempts as attempt, questions as question
      where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
        and answer.attempt_id = attempt.id and answer.question_id = $2
        and question.id = answer.question_id`,
      [exam._id, exam.questionId],
    );
    return performance.now() - bareStarted;
  });
  return {
    job,
    jobMs,
    bareMs,
    previewMs,
    applyMs,
    affected: preview.body.data.attemptsAffected,
    attempts: exam.attempts,
  };
}
