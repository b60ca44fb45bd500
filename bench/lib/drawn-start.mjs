// The start of an exam whose sections are drawn from a bank, beside the same exam with its
// questions listed: the draw must keep the exam-day moment cheap.
import { validQuestions } from '@examiq/contracts/test-support';
import { benchId } from './dataset.mjs';
import {
  createExams,
  LONGEST_EXAM_MINUTES,
  percentile,
  signInUpTo,
  straightTo,
  studentsPerBranch,
} from './exam-day.mjs';
import { EXAM_DAY_SECTIONS } from './exams.mjs';
import { userClient } from './http.mjs';

/** A drawn start's p99 may be this many times the listed one's. */
export const DRAWN_START_RATIO = 1.5;
/** Each section draws its questions from a pool this many times as large. */
const POOL_FACTOR = 5;
/** Starts in flight at once, as students arriving together. */
const CONNECTIONS = 16;

/**
 * Bank questions for each section of the exam-day paper in the first branch's course, each a copy
 * of the section's own question (so of its marks), in a category of the section's own; the
 * drawn sections, each drawing the section's count from its category.
 */
async function drawnSections(ctx, run) {
  const courseId = benchId('course', 0);
  const sections = [];
  for (const [index, [name, questionType, count]] of EXAM_DAY_SECTIONS.entries()) {
    const category = `Bench draw ${run}/${name}`;
    for (let k = 0; k < POOL_FACTOR * count; k++) {
      const response = await fetch(`${ctx.server.url}/api/admin/create-bank-question`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ctx.auth },
        body: JSON.stringify({
          ...validQuestions[questionType](k + 1),
          courseId,
          category,
          tags: [],
          bloomLevel: 'REMEMBER',
          courseOutcomes: [],
          status: 'READY',
        }),
      });
      if (response.status !== 201) {
        throw new Error(
          `create-bank-question answered ${response.status}: ${await response.text()}`,
        );
      }
    }
    sections.push({
      name,
      order: String(index + 1),
      marks: count * validQuestions[questionType]().marks,
      questionType,
      totalQuestions: count,
      timeLimit: 0,
      isOptional: false,
      instructions: ['Answer every question.'],
      draw: [{ courseId, category, count }],
    });
  }
  return sections;
}

/**
 * The first branch's students each start the listed exam and the drawn one (in turn first), 16
 * at a time: the latencies of each.
 */
export async function drawnStart(ctx) {
  const students = studentsPerBranch(ctx.scale);
  const headers = await signInUpTo(ctx, straightTo(ctx.server), students);
  const run = Date.now();
  const sections = await drawnSections(ctx, run);
  const [listedId] = await createExams(ctx, 1, LONGEST_EXAM_MINUTES, ctx.server, {
    examTitle: `Listed start ${run}`,
  });
  const [drawnId] = await createExams(ctx, 1, LONGEST_EXAM_MINUTES, ctx.server, {
    examTitle: `Drawn start ${run}`,
    examSections: sections,
    questions: sections.map(() => []),
  });
  const client = userClient(ctx.server, { sockets: CONNECTIONS });
  const latencies = { listed: [], drawn: [] };
  let errors = 0;
  let next = 0;
  const start = async (examId, i) => {
    const answer = await client.send({
      method: 'POST',
      path: `/api/student/start-exam/${examId}`,
      headers: { authorization: headers[i].authorization },
    });
    if (answer.status !== 200) errors += 1;
    return answer.ms;
  };
  const startNext = async () => {
    while (next < students) {
      const i = next++;
      const order = i % 2 === 0 ? ['listed', 'drawn'] : ['drawn', 'listed'];
      for (const kind of order) {
        latencies[kind].push(await start(kind === 'listed' ? listedId : drawnId, i));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, startNext));
  } finally {
    client.close();
  }
  const figures = (values) => ({
    p50: percentile(values, 0.5),
    p99: percentile(values, 0.99),
    count: values.length,
  });
  return { listed: figures(latencies.listed), drawn: figures(latencies.drawn), errors };
}
