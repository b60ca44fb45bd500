// The seeded database each engine's server runs on. Seeding is slow at full scale, so the seeded
// result is cached, keyed by the migrations, the generator and the scale: a PGlite data folder
// under bench/.data, a PostgreSQL template database. Every run works on a fresh copy of it.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The server to create and drop the bench databases on (never touches other databases). */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheRoot = join(root, 'bench/.data');
const META_FILE = 'seed.json';

async function seedKey(scaleName, scale) {
  const hash = createHash('sha256').update(JSON.stringify({ scaleName, scale }));
  const migrations = join(root, 'apps/server/src/db/migrations');
  const files = [
    ...(await readdir(migrations)).filter((name) => name.endsWith('.sql')).sort(),
    'meta/_journal.json',
  ].map((name) => join(migrations, name));
  files.push(join(root, 'bench/lib/seed.ts'), join(root, 'bench/lib/dataset.mjs'));
  for (const file of files) hash.update(await readFile(file));
  return hash.digest('hex').slice(0, 12);
}

async function runSeed(database, scale) {
  const { seed } = await import('./seed.ts');
  const started = performance.now();
  try {
    await seed(database, scale);
  } finally {
    await database.close();
  }
  return { seconds: (performance.now() - started) / 1000, at: new Date().toISOString() };
}

async function pgliteData(scaleName, scale, { reseed }) {
  const { openDatabase } = await import('../../apps/server/src/db/client.ts');
  const key = await seedKey(scaleName, scale);
  const prefix = `pglite-${scaleName}-`;
  const cached = join(cacheRoot, `${prefix}${key}`);
  let meta = await readFile(join(cached, META_FILE), 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  const fromCache = meta !== null && !reseed;
  if (!fromCache) {
    // Only the current key's folder is kept: an older schema's data is of no further use.
    for (const entry of await readdir(cacheRoot).catch(() => [])) {
      if (entry.startsWith(prefix)) await rm(join(cacheRoot, entry), { recursive: true });
    }
    const staging = `${cached}.seeding`;
    meta = await runSeed(await openDatabase({ dataDir: staging, databaseUrl: undefined }), scale);
    await writeFile(join(staging, META_FILE), JSON.stringify(meta));
    await rename(staging, cached);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'examiq-bench-'));
  await cp(join(cached, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  return {
    seed: { ...meta, cached: fromCache },
    env: { DATA_DIR: dataDir },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function onMaintenance(work) {
  const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresData(scaleName, scale, { reseed }) {
  const { openPostgres } = await import('../../apps/server/src/db/client.ts');
  const key = await seedKey(scaleName, scale);
  const template = `examiq_bench_seed_${scaleName}`;
  // Per run, like the PGlite copy: another run at the same time must not drop it.
  const database = `examiq_bench_${scaleName}_${process.pid}`;
  const comment = await onMaintenance(async (client) => {
    const { rows } = await client.query(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [template],
    );
    return rows[0]?.comment ?? null;
  });
  let meta = comment ? JSON.parse(comment) : null;
  const fromCache = meta?.key === key && !reseed;
  if (!fromCache) {
    await onMaintenance(async (client) => {
      await client.query(`drop database if exists ${template} with (force)`);
      await client.query(`create database ${template}`);
    });
    meta = { key, ...(await runSeed(openPostgres(`${POSTGRES_URL}/${template}`), scale)) };
    await onMaintenance((client) =>
      client.query(`comment on database ${template} is '${JSON.stringify(meta)}'`),
    );
  }
  await onMaintenance(async (client) => {
    // Copies left by runs that died before removing them.
    const { rows } = await client.query(
      "select datname from pg_database where datname ~ '^examiq_bench_[a-z]+_[0-9]+$'",
    );
    for (const { datname } of rows) {
      if (!isAlive(Number(datname.split('_').pop()))) {
        await client.query(`drop database if exists ${datname} with (force)`);
      }
    }
    // FILE_COPY: a file-level copy of the template, much faster than replaying it through WAL.
    await client.query(`create database ${database} template ${template} strategy file_copy`);
    // The time of each WAL flush, for the exam day's report (sessions of this database only).
    await client.query(`alter database ${database} set track_wal_io_timing = on`);
  });
  return {
    seed: { seconds: meta.seconds, at: meta.at, cached: fromCache },
    env: { DATABASE_URL: `${POSTGRES_URL}/${database}` },
    dispose: () =>
      onMaintenance((client) => client.query(`drop database if exists ${database} with (force)`)),
  };
}

/**
 * A fresh copy of the seeded data set for one engine: the server environment that points at it,
 * how long seeding took (now or when the cache was made) and how to remove the copy.
 */
export function prepareDatabase(engine, scaleName, scale, options) {
  return engine === 'pglite'
    ? pgliteData(scaleName, scale, options)
    : postgresData(scaleName, scale, options);
}
