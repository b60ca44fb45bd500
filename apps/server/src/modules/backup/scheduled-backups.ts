import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { repeatEvery } from '../../repeat';
import { BACKUP_FILE_PATTERN, backupFileName, saveBackup, writeBackup } from './backup-file';

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

/** Takes one backup into the schedule's folder and removes all but the newest `keep`. */
export async function takeScheduledBackup(
  db: AppDatabase,
  schedule: BackupSchedule,
  now: Date = new Date(),
): Promise<string> {
  const file = path.join(schedule.dir, backupFileName(now));
  await saveBackup(file, (destination) => writeBackup(db, destination));
  // Names sort by time; a partial file left by a killed server never matches the pattern.
  const backups = (await readdir(schedule.dir)).filter((name) => BACKUP_FILE_PATTERN.test(name));
  for (const old of backups.sort().reverse().slice(schedule.keep)) {
    await rm(path.join(schedule.dir, old), { force: true });
  }
  return file;
}

/** Backs up every `everyHours` hours while the server runs; the returned function stops it. */
export function startScheduledBackups(
  db: AppDatabase,
  schedule: BackupSchedule,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return repeatEvery(
    schedule.everyHours * 3_600_000,
    async () => {
      const file = await takeScheduledBackup(db, schedule);
      log.info({ file }, 'Backup written');
    },
    log,
    'The scheduled backup failed',
  );
}
