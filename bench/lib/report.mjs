// The results as one Markdown document: printed, and written to bench/results/ (latest.md for a
// complete run, partial.md for a --quick or --only one, so reproducing one figure never
// replaces the last complete results).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ENGINE_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const RESULT = { true: 'pass', false: '**FAIL**', null: 'info' };

const cell = (value) => String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
const table = (header, rows) =>
  [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`);

/** The command that measures one scenario again, alone, the same way. */
export function command(id, engine, quick, processes = 1, students = undefined) {
  const flags = [
    `--only ${id}`,
    engine ? `--engine ${engine}` : '',
    processes > 1 ? `--processes ${processes}` : '',
    students ? `--students ${students}` : '',
    quick ? '--quick' : '',
  ];
  return `npm run bench -- ${flags.filter(Boolean).join(' ')}`;
}

/**
 * Where each kind of run writes, so that reproducing one figure never replaces the last complete
 * results: every row but the exam day's ladder, on both engines; the ladder, on both engines; the
 * rest.
 */
export const REPORTS = {
  latest: { file: 'latest', said: 'full run (the exam-day ladder is in exam-day.md)' },
  examDay: { file: 'exam-day', said: 'the exam-day ladder' },
  partial: { file: 'partial', said: 'some rows only' },
};

/**
 * rows: { title, engine, target, figure, pass, command }; ratios: { title, pglite, postgres,
 * ratio } comparing the engines; notes: lines said once under the tables; run: which results
 * the run replaces (REPORTS).
 */
export function writeReport({ quick, run, dataSet, rows, ratios, notes }) {
  const report = REPORTS[quick ? 'partial' : run];
  const failed = rows.filter((row) => row.pass === false).length;
  const lines = [
    '# ExamIQ benchmarks',
    '',
    `${new Date().toISOString()} · ${cpus().length} cores (${cpus()[0]?.model.trim()}) · Node ${process.version} · ${quick ? 'quick mode (tiny data set, 3 s scenarios): a smoke run, not a measurement' : report.said}`,
    '',
    `Data set: ${dataSet}.`,
    '',
    ...table(
      ['Scenario', 'Engine', 'Target', 'Figure', 'Result', 'Reproduce'],
      rows.map((row) => [
        row.title,
        ENGINE_NAMES[row.engine] ?? '—',
        row.target,
        row.figure,
        RESULT[row.pass],
        `\`${row.command}\``,
      ]),
    ),
    '',
  ];
  if (ratios.length > 0) {
    lines.push(
      '## PGlite / PostgreSQL',
      '',
      ...table(
        ['Scenario', 'PGlite', 'PostgreSQL', 'PGlite / PostgreSQL'],
        ratios.map((row) => [row.title, row.pglite, row.postgres, row.ratio]),
      ),
      '',
    );
  }
  lines.push(...notes.map((note) => `- ${note}`), '', `${failed} target(s) missed.`, '');
  const text = lines.join('\n');
  const file = `bench/results/${report.file}.md`;
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, file), text);
  console.log(`\n${text}\nWritten to ${file}.`);
}
