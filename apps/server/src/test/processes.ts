import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The state letter of a process in /proc (R, S, Z for a zombie…), or null once it is gone. */
export function processState(pid: number): string | null {
  try {
    // The command name, in parentheses, may hold spaces: the state follows its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

/**
 * Whether the process is dead and not yet reaped, all of it: a multithreaded process's first
 * thread turns zombie while its other threads may still be closing its files.
 */
export function isReleasedZombie(pid: number): boolean {
  try {
    const threads = readdirSync(`/proc/${pid}/task`);
    return processState(pid) === 'Z' && threads.length === 1;
  } catch {
    return false;
  }
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves with the first `count` lines the process prints, or rejects when it exits before. */
export function lines(child: ChildProcess, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const printed = output.split('\n');
      if (printed.length > count) resolve(printed.slice(0, count));
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', () => reject(new Error(`Exited before ${count} lines:\n${output}`)));
  });
}

/** A live process of no importance, for a pid that names someone else. */
export function bystander(): ChildProcess {
  return spawn('sleep', ['600'], { stdio: 'ignore' });
}
