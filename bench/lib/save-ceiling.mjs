// The ceiling a save is compared with (the exam-save row): a bare Fastify route that does only
// what a save must do in the database, one transaction with the attempt's heartbeat and the
// upsert of its answers guarded by seq, through node-postgres with a pool, on the server's own
// PostgreSQL database and tables. No authentication, no validation, no deadline check: what is
// left is the HTTP and database work every save costs. Run by lib/server.mjs as a process of its
// own, like the server: `DATABASE_URL=… PORT=… node bench/lib/save-ceiling.mjs`.
import Fastify from 'fastify';
import pg from 'pg';

/** The server's pool size: DATABASE_POOL_SIZE's default. */
const POOL_SIZE = 20;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));

const HEARTBEAT = {
  name: 'ceiling_heartbeat',
  text: 'update exam_attempts set last_seq = greatest(last_seq, $2), last_seen_at = $3 where id = $1',
};
/**
 * The upsert of a save's answers, one row each from a JSON list, as the server's own statement
 * takes them: an option, the chosen options or number (response), a text.
 */
const UPSERT = {
  name: 'ceiling_upsert',
  text: `insert into attempt_answers
      (attempt_id, question_id, selected_option, text, response, marked_for_review, seq, saved_at)
    select $1, answer.question_id, answer.selected_option, answer.text, answer.response,
      answer.marked_for_review, $2, $3
    from json_to_recordset($4::json) as answer(question_id uuid, selected_option int, text text,
      response jsonb, marked_for_review boolean)
    on conflict (attempt_id, question_id) do update set
      selected_option = excluded.selected_option, text = excluded.text,
      response = excluded.response, marked_for_review = excluded.marked_for_review,
      seq = excluded.seq, saved_at = excluded.saved_at
    where attempt_answers.seq < excluded.seq`,
};

/** What the server stores of an answer: its option's position, its text, or its response. */
function rowOf(answer) {
  const { selectedOptionIds, number, unit, blanks, matches, order } = answer;
  return {
    question_id: answer.questionId,
    selected_option: answer.selectedOptionId == null ? null : Number(answer.selectedOptionId),
    text: answer.text ?? null,
    response: selectedOptionIds
      ? { selectedOptionIds }
      : blanks
        ? { blanks }
        : matches
          ? { matches }
          : order
            ? { order }
            : number === undefined
              ? null
              : { number, unit: unit ?? null },
    marked_for_review: answer.markedForReview ?? false,
  };
}

const app = Fastify();
app.get('/api/health', async () => ({ ok: true }));
app.put('/save/:attemptId', async (request) => {
  const { attemptId } = request.params;
  const { seq, answers } = request.body;
  const now = new Date();
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query({ ...HEARTBEAT, values: [attemptId, seq, now] });
    await client.query({
      ...UPSERT,
      values: [attemptId, seq, now, JSON.stringify(answers.map(rowOf))],
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return { ackSeq: seq };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', stop);
