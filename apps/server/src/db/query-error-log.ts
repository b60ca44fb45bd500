import { DrizzleQueryError } from 'drizzle-orm';

/** The fields of PostgreSQL's errors (pg's and PGlite's) that name things, never values. */
const NAMING_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
];

function isDatabaseError(error: unknown): error is Error & Record<string, unknown> {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { severity?: unknown }).severity === 'string'
  );
}

/**
 * A failed query's error as the log may keep it: the statement, PostgreSQL's error code and the
 * names it gives, and where in the code it failed. Drizzle's message repeats the parameters, and
 * PostgreSQL's message and detail quote the values ('Key (email)=(…) already exists', 'invalid
 * input syntax for type uuid: "…"'), all of it personal data. Any other error is kept as it is.
 */
export function withoutQueryValues(error: unknown): unknown {
  const statement = error instanceof DrizzleQueryError ? error.query : undefined;
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  if (statement === undefined && !isDatabaseError(cause)) return error;
  const failed = error as Error;
  const logged = new Error(
    statement === undefined ? 'Database error' : `Failed query: ${statement}`,
  );
  logged.name = failed.constructor.name;
  const frames = (failed.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  logged.stack = [`${logged.name}: ${logged.message}`, ...frames].join('\n');
  if (isDatabaseError(cause)) {
    for (const field of NAMING_FIELDS) {
      if (cause[field] !== undefined) Object.assign(logged, { [field]: cause[field] });
    }
  }
  return logged;
}
