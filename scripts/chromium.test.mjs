import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chromiumInstallers,
  ensureChromium,
  findChromium,
  findHeadlessShell,
  NO_CHROMIUM,
} from './chromium.mjs';

// A machine is a folder standing for its PATH: the finder and the installers see only what is
// in it, and its commands are small shell scripts that really run.
let machine;
let bin;
let missing;

beforeEach(() => {
  machine = mkdtempSync(join(tmpdir(), 'examiq-chromium-'));
  bin = join(machine, 'bin');
  mkdirSync(bin);
  missing = join(machine, 'playwright', 'chrome');
});

afterEach(() => rmSync(machine, { recursive: true, force: true }));

function command(path, script = 'exit 0') {
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
  return path;
}

const env = (extra = {}) => ({ PATH: bin, ...extra });

describe('finding a Chromium', () => {
  it('takes CHROMIUM_PATH before the system’s', () => {
    command(join(bin, 'chromium'));
    const chosen = command(join(machine, 'my-chrome'));
    expect(
      findChromium({ env: env({ CHROMIUM_PATH: chosen }), playwrightChromium: missing }),
    ).toEqual({ path: chosen });
  });

  it('says so when CHROMIUM_PATH names nothing runnable, even with another Chromium there', () => {
    command(join(bin, 'chromium'));
    const notThere = join(machine, 'nothing');
    expect(
      findChromium({ env: env({ CHROMIUM_PATH: notThere }), playwrightChromium: missing }),
    ).toEqual({ problem: `CHROMIUM_PATH=${notThere} is not an executable file.` });
  });

  it('finds the system’s under any of its names, and skips a file that is not executable', () => {
    writeFileSync(join(bin, 'chromium'), 'not a program');
    const chrome = command(join(bin, 'google-chrome'));
    expect(findChromium({ env: env(), playwrightChromium: missing })).toEqual({ path: chrome });
  });

  it('falls back to Playwright’s own download, and finds nothing on a bare machine', () => {
    expect(findChromium({ env: env(), playwrightChromium: missing })).toEqual({});
    mkdirSync(join(machine, 'playwright'));
    command(missing);
    expect(findChromium({ env: env(), playwrightChromium: missing })).toEqual({ path: missing });
  });
});

describe('finding the headless shell', () => {
  it('finds Debian’s beside the whole browser, which stays the Chromium found', () => {
    const whole = command(join(bin, 'chromium'));
    expect(findHeadlessShell({ env: env() })).toBeUndefined();
    const shell = command(join(bin, 'chromium-headless-shell'));
    expect(findHeadlessShell({ env: env() })).toBe(shell);
    expect(findChromium({ env: env(), playwrightChromium: missing })).toEqual({ path: whole });
  });

  it('leaves it aside when CHROMIUM_PATH chooses the browser', () => {
    command(join(bin, 'chromium-headless-shell'));
    const chosen = command(join(machine, 'my-chrome'));
    expect(findHeadlessShell({ env: env({ CHROMIUM_PATH: chosen }) })).toBeUndefined();
  });
});

describe('getting a Chromium', () => {
  it('uses apt as root, then Playwright’s download; only the download without apt', () => {
    const apt = [
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'chromium'],
    ];
    const download = [['npx', 'playwright', 'install', 'chromium']];
    expect(chromiumInstallers({ env: env(), uid: 0 })).toEqual([download]);
    command(join(bin, 'apt-get'));
    expect(chromiumInstallers({ env: env(), uid: 0 })).toEqual([apt, download]);
  });

  it('uses apt as another user only through sudo without a password', () => {
    command(join(bin, 'apt-get'));
    expect(chromiumInstallers({ env: env(), uid: 1000 })).toHaveLength(1);
    command(join(bin, 'sudo'), 'exit 1');
    expect(chromiumInstallers({ env: env(), uid: 1000 })).toHaveLength(1);
    command(join(bin, 'sudo'));
    expect(chromiumInstallers({ env: env(), uid: 1000 })[0]).toEqual([
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', 'chromium'],
    ]);
  });

  it('installs Debian’s package and launches what it installed', () => {
    command(
      join(bin, 'apt-get'),
      `[ "$1" = install ] && printf '#!/bin/sh\\n' > "${bin}/chromium" && /bin/chmod +x "${bin}/chromium"; exit 0`,
    );
    const log = [];
    expect(
      ensureChromium({
        env: env(),
        uid: 0,
        playwrightChromium: missing,
        log: (line) => log.push(line),
      }),
    ).toEqual({ path: join(bin, 'chromium') });
    expect(log).toEqual([
      'No Chromium found: trying `apt-get update -qq && apt-get install -y -qq chromium`',
    ]);
  });

  it('falls back to Playwright’s download when apt fails', () => {
    command(join(bin, 'apt-get'), 'exit 100');
    command(
      join(bin, 'npx'),
      `/bin/mkdir -p "${machine}/playwright" && printf '#!/bin/sh\\n' > "${missing}" && /bin/chmod +x "${missing}"`,
    );
    expect(
      ensureChromium({ env: env(), uid: 0, playwrightChromium: missing, log: () => {} }),
    ).toEqual({ path: missing });
  });

  it('ends with one line saying what to install when nothing can get one', () => {
    command(join(bin, 'npx'), 'exit 1');
    expect(
      ensureChromium({ env: env(), uid: 1000, playwrightChromium: missing, log: () => {} }),
    ).toEqual({ problem: NO_CHROMIUM });
  });
});
