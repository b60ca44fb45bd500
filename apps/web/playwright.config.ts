import { defineConfig } from '@playwright/test';
import { NO_CHROMIUM } from '../../scripts/chromium.mjs';
import { chromium, testLaunchOptions } from './e2e/support/chromium';

// Stop before any test rather than fail each one on a missing browser.
if (!chromium.path) throw new Error(chromium.problem ?? NO_CHROMIUM);

// Workers re-read this file: the port chosen by the main process travels to them through the
// environment, so every worker talks to the one server started below.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // `npm test` asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to add up the totals.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // A trace records screenshots and page snapshots at every step of every test: a third of the
    // suite's processor time. `--trace retain-on-failure` records them when a failure needs them.
    trace: 'off',
    launchOptions: testLaunchOptions,
  },
  webServer: {
    command: 'npx tsx e2e/support/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // PUBLIC_URL is where a sign-in provider sends the browser back: this same server.
    env: { PORT: process.env.E2E_PORT, HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: baseURL },
  },
});
