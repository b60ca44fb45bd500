// The Chromium the browser tests and the benchmarks drive: `npm test` gets one when the machine
// has none, so the README's second command works on a machine that has only Node.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';

/** The names a Chromium or a Chrome has on a Linux PATH, Debian's first. */
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** A download or a package install that hangs (a closed network) must not hold `npm test`. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;

export const NO_CHROMIUM =
  'No Chromium for the browser tests: install one (`npx playwright install chromium`, or ' +
  '`apt-get install chromium` on Debian) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Where `name` is on `env`'s PATH, if it is there. */
export function onPath(name, env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/**
 * The Chromium to launch, in this order: CHROMIUM_PATH (an operator's explicit choice, never
 * replaced by another), the system's, Playwright's own download. `{ problem }` when CHROMIUM_PATH
 * names nothing runnable, `{}` when there is none at all.
 */
export function findChromium({
  env = process.env,
  playwrightChromium = chromium.executablePath(),
} = {}) {
  if (env.CHROMIUM_PATH) {
    return isExecutable(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH }
      : { problem: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file.` };
  }
  for (const name of SYSTEM_NAMES) {
    const path = onPath(name, env);
    if (path) return { path };
  }
  return isExecutable(playwrightChromium) ? { path: playwrightChromium } : {};
}

/**
 * Debian's headless shell (`chromium-headless-shell`), when it is installed and CHROMIUM_PATH does
 * not choose the browser: Chromium's old headless mode, without the whole browser's windowing
 * layer, which spends about a quarter less processor time on the same test. It lacks full screen,
 * the camera prompt and the PDF viewer: the tests of those keep the whole browser.
 */
export function findHeadlessShell({ env = process.env } = {}) {
  return env.CHROMIUM_PATH ? undefined : onPath('chromium-headless-shell', env);
}

function succeeds(command, args, env) {
  return spawnSync(command, args, { env, stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/**
 * The ways this machine can get a Chromium, best first, each a list of commands. Debian's package
 * comes first where apt may be used (root, or sudo without a password): it brings the system
 * libraries Chromium needs, which Playwright's download expects to find already installed.
 */
export function chromiumInstallers({ env = process.env, uid = process.getuid?.() } = {}) {
  const installers = [];
  if (onPath('apt-get', env)) {
    const asRoot =
      uid === 0
        ? []
        : onPath('sudo', env) && succeeds('sudo', ['-n', 'true'], env)
          ? ['sudo', '-n']
          : undefined;
    if (asRoot) {
      installers.push([
        [...asRoot, 'apt-get', 'update', '-qq'],
        [...asRoot, 'apt-get', 'install', '-y', '-qq', 'chromium'],
      ]);
    }
  }
  installers.push([['npx', 'playwright', 'install', 'chromium']]);
  return installers;
}

/**
 * The Chromium found, or else one installed by the first way that works; `{ problem }` with one
 * line saying what to install when none does.
 */
export function ensureChromium({
  env = process.env,
  uid,
  playwrightChromium,
  log = console.log,
} = {}) {
  const found = findChromium({ env, playwrightChromium });
  if (found.path || found.problem) return found;
  for (const commands of chromiumInstallers({ env, uid })) {
    log(
      `No Chromium found: trying \`${commands.map((command) => command.join(' ')).join(' && ')}\``,
    );
    const installed = commands.every(
      ([command, ...args]) =>
        spawnSync(command, args, {
          env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
          stdio: 'inherit',
          timeout: INSTALL_TIMEOUT_MS,
        }).status === 0,
    );
    const now = installed ? findChromium({ env, playwrightChromium }) : {};
    if (now.path) return now;
  }
  return { problem: NO_CHROMIUM };
}
