import { setTimeout as sleep } from 'node:timers/promises';
import { lockDataDir } from '../db/data-dir-lock';

/**
 * A process that takes data directories' locks, for tests of the lock between processes:
 * `node --import tsx hold-data-dir-lock.ts <platform|-> <dataDir>…`. For each directory in turn
 * it prints `locked <pid>` or `refused <message>`, and it holds what it took until it is killed.
 * LOCK_AT (a time in ms) and LOCK_EVERY (ms) make several processes try each directory at the
 * same moment.
 */
const [platform, ...dataDirs] = process.argv.slice(2);
const at = Number(process.env.LOCK_AT ?? 0);
const every = Number(process.env.LOCK_EVERY ?? 0);
for (const [index, dataDir] of dataDirs.entries()) {
  await sleep(Math.max(0, at + index * every - Date.now()));
  try {
    await lockDataDir(dataDir, platform === '-' ? undefined : (platform as NodeJS.Platform));
    console.log(`locked ${process.pid}`);
  } catch (error) {
    console.log(`refused ${(error as Error).message}`);
  }
}
setInterval(() => {}, 60_000);
