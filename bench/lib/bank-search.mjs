// Finding questions in a course's bank at 100,000 questions: the row seeds them into the first
// seeded course (set-based SQL, as lib/seed.ts writes the data set), then searches their text
// and filters them as an author does.
import { setTimeout } from 'node:timers/promises';
import { benchId, randomIndex } from './dataset.mjs';
import { onDatabase, percentile } from './exam-day.mjs';
import { load, userClient } from './http.mjs';

/** Questions of the course's bank; a --quick run checks the row works on a few. */
export const BANK_QUESTIONS = { full: 100_000, quick: 5_000 };
const CHUNK = 20_000;
const COURSE = benchId('course', 0);

/** Each question's topic in turn: a search for one finds a twelfth of the bank. */
const TOPICS = [
  'Kirchhoff current law',
  'Thevenin equivalent',
  'Norton theorem',
  'superposition',
  'maximum power transfer',
  'RC circuit time constant',
  'RL transient response',
  'series resonance',
  'phasor diagram',
  'three-phase power',
  'transformer efficiency',
  'operational amplifier',
];
const DIFFICULTIES = ['EASY', 'MEDIUM', 'HARD'];
const BLOOM_LEVELS = ['REMEMBER', 'UNDERSTAND', 'APPLY', 'ANALYSE', 'EVALUATE', 'CREATE'];
const pick = (values, index) =>
  `(array[${values.map((value) => `'${value}'`).join(', ')}])[1 + (${index}) % ${values.length}]`;

/** Question i: an MCQ on topic i mod 12, in unit i mod 5's category of that topic. */
const insertQuestions = (from, to) => `
  insert into bank_questions (id, course_id, category, tags, bloom_level, course_outcomes, status,
    content, search_text, created_at, updated_at)
  select overlay(overlay(md5('examiq-bench:bank-question:' || i) placing '4' from 13) placing '8' from 17)::uuid,
    '${COURSE}', 'Unit ' || (i % 5 + 1) || '/' || topic, array['unit-' || (i % 5 + 1)],
    ${pick(BLOOM_LEVELS, 'i / 7')}, array['CO' || (i % 5 + 1)],
    case when i % 10 = 0 then 'RETIRED' when i % 3 = 0 then 'DRAFT' else 'READY' end,
    jsonb_build_object('questionType', 'MCQ', 'questionText', text, 'marks', 1, 'order', 1,
      'difficulty', ${pick(DIFFICULTIES, 'i / 12')}, 'explanation', 'See the lecture notes.',
      'options', jsonb_build_array(
        jsonb_build_object('text', 'It doubles', 'isCorrect', true),
        jsonb_build_object('text', 'It halves', 'isCorrect', false),
        jsonb_build_object('text', 'It stays the same', 'isCorrect', false))),
    examiq_fold(text || E'\\nIt doubles\\nIt halves\\nIt stays the same'),
    now() - i * interval '1 second', now() - i * interval '1 second'
  from (
    select i, topic, 'Question ' || i || ' on ' || topic || ': what happens to the output when the input of circuit ' || (i % 997) || ' doubles?' as text
    from generate_series(${from}, ${to}) as i
    cross join lateral (select ${pick(TOPICS, 'i')} as topic) as t
  ) as g`;

/** Writes the course's bank questions, then lets the planner see them. */
export async function seedBank(ctx) {
  const count = ctx.quick ? BANK_QUESTIONS.quick : BANK_QUESTIONS.full;
  await onDatabase(ctx, async (query) => {
    for (let from = 0; from < count; from += CHUNK) {
      await query(insertQuestions(from, Math.min(from + CHUNK, count) - 1));
    }
    await query('analyze bank_questions');
  });
  return count;
}

/**
 * One search as an author types it, at random: a topic (a twelfth of the bank) on one of its
 * first 5 pages, a question's number (one question), a topic with a difficulty and a Bloom's
 * level, or a word of every question within a category and a status.
 */
function bankSearch() {
  const topic = TOPICS[randomIndex(TOPICS.length)];
  const searches = [
    `search=${encodeURIComponent(topic)}&page=${1 + randomIndex(5)}`,
    `search=${encodeURIComponent(`Question ${randomIndex(10_000)} on`)}`,
    `search=${encodeURIComponent(topic.split(' ')[0])}&difficulty=${DIFFICULTIES[randomIndex(3)]}&bloomLevel=${BLOOM_LEVELS[randomIndex(6)]}`,
    `search=doubles&category=${encodeURIComponent(`Unit ${1 + randomIndex(5)}`)}&status=READY`,
  ];
  const search = searches[randomIndex(searches.length)];
  return { method: 'GET', path: `/api/admin/get-bank-questions?courseId=${COURSE}&${search}` };
}

/**
 * Searches a second as every one of the data set's 2,000 faculty would make them searching the
 * same bank once every 20 seconds: far beyond an institution's busiest hour of authoring.
 */
export const SEARCHES_A_SECOND = 100;

const CONNECTIONS = 32;

/**
 * Searches sent at SEARCHES_A_SECOND, evenly spaced, for `seconds`: open loop, each goes when due
 * whatever the server's speed and is timed from then. (autocannon's own rate sends each second's
 * requests in one burst at its start, which is 32 at once again.)
 */
async function pacedSearches(client, headers, seconds) {
  const started = performance.now();
  const answers = [];
  for (let k = 0; k < seconds * SEARCHES_A_SECOND; k++) {
    const due = started + (k * 1000) / SEARCHES_A_SECOND;
    await setTimeout(Math.max(0, due - performance.now()));
    answers.push(client.send({ ...bankSearch(), headers, since: due }));
  }
  return Promise.all(answers);
}

/**
 * Seeds the bank, then searches as the admin over 32 connections: as fast as they are answered
 * (what the machine can serve), then at SEARCHES_A_SECOND after a warm-up of a tenth of the time
 * (what an author waits).
 */
export async function bankSearchRun(ctx) {
  const questions = await seedBank(ctx);
  const saturated = await load(ctx.server, {
    connections: CONNECTIONS,
    seconds: ctx.seconds,
    headers: ctx.auth,
    next: bankSearch,
  });
  const client = userClient(ctx.server, { sockets: CONNECTIONS });
  try {
    await pacedSearches(client, ctx.auth, Math.max(1, ctx.seconds / 10));
    const answers = await pacedSearches(client, ctx.auth, ctx.seconds);
    // By status, as `load` gives them; status 0 (no answer) is counted as an error alone.
    const unexpected = {};
    for (const { status } of answers) {
      if (status !== 200 && status !== 0) unexpected[status] = (unexpected[status] ?? 0) + 1;
    }
    const errors = answers.filter((answer) => answer.status !== 200).length;
    return {
      rps: (answers.length - errors) / ctx.seconds,
      p99: percentile(
        answers.map((answer) => answer.ms),
        0.99,
      ),
      errors,
      unexpected,
      saturated,
      questions,
    };
  } finally {
    client.close();
  }
}
