import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupSchedule } from '../../config';
import type { AppDatabase } from '../../db/client';
import { OWNER_ONLY_DIR } from '../../db/owner-only';
import { repeatEvery } from '../../repeat';
import { BACKUP_FILE_PATTERN, backupFileName, saveBackup, writeBackup } from './write-backup';

/**
 * How often the server looks whether a backup is due. Due is reckoned from the newest backup in
 * the folder, so a server restarted more often than the interval still backs up.
 */
const CHECK_EVERY_MS = 5 * 60_000;

/** The folder's backups, oldest first; a partial file a killed server left is none. */
async function backupsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
}

/** Takes one backup into the schedule's folder and removes all but the newest `keep`. */
export async function takeScheduledBackup(
  db: AppDatabase,
  schedule: BackupSchedule,
  now: Date = new Date(),
): Promise<string> {
  await mkdir(schedule.dir, { recursive: true, mode: OWNER_ONLY_DIR });
  const file = path.join(schedule.dir, backupFileName(now));
  await saveBackup(file, (destination) => writeBackup(db, destination));
  for (const old of (await backupsIn(schedule.dir)).reverse().slice(schedule.keep)) {
    await rm(path.join(schedule.dir, old), { force: true });
  }
  return file;
}

/** Takes a backup when the newest one is `everyHours` old or there is none; returns its file. */
export async function backUpIfDue(
  db: AppDatabase,
  schedule: BackupSchedule,
  now: Date = new Date(),
): Promise<string | null> {
  await mkdir(schedule.dir, { recursive: true, mode: OWNER_ONLY_DIR });
  const newest = (await backupsIn(schedule.dir)).at(-1);
  if (newest) {
    const { mtime } = await stat(path.join(schedule.dir, newest));
    if (now.getTime() - mtime.getTime() < schedule.everyHours * 3_600_000) return null;
  }
  return takeScheduledBackup(db, schedule, now);
}

/** Backs up every `everyHours` hours while the server runs; the returned function stops it. */
export function startScheduledBackups(
  db: AppDatabase,
  schedule: BackupSchedule,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return repeatEvery(
    CHECK_EVERY_MS,
    async () => {
      const file = await backUpIfDue(db, schedule);
      if (file) log.info({ file }, 'Backup written');
    },
    log,
    'The scheduled backup failed',
  );
}
