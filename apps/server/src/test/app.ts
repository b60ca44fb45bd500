import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyLoggerOptions, RouteOptions } from 'fastify';
import { type App, buildApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AuthLimits } from '../modules/auth/credentials';
import { createTestDatabase } from './database';
import { findLeakedSecrets, recordResponses } from './response-recorder';

function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(tmpdir(), 'examiq-unused-data-dir'),
    databaseUrl: undefined,
    databasePoolSize: 20,
    jwtSecret: randomBytes(32).toString('hex'),
    adminEmail: undefined,
    adminPassword: undefined,
    logLevel: 'silent',
    corsOrigins: undefined,
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 7,
    // Never the real apps/web/dist, so whether a web app is served is up to each test.
    webDistDir: path.join(tmpdir(), 'examiq-no-web-app'),
    trustProxy: false,
    redisUrl: undefined,
    supportEmail: undefined,
    metricsToken: undefined,
    metricsLoopback: false,
    backup: undefined,
    iceServers: [],
    mail: {
      smtpUrl: undefined,
      allowPlain: false,
      from: 'ExamIQ <no-reply@college.test>',
      publicUrl: 'https://exams.college.test',
      institutionName: 'Test College',
      perMinute: 60,
    },
    oidc: undefined,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** Every route the app registered, in registration order (the docs UI's included). */
  routes: RouteOptions[];
  /** The text of every response the app sent so far. */
  responses: string[];
  /** Fails when any recorded response carried a password hash or a refresh-token hash. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  authLimits?: AuthLimits;
  /** Turns the log on, at `config.logLevel`, into this stream. */
  logStream?: FastifyLoggerOptions['stream'];
  /** The app's clock, for tests of what depends on the time of day. */
  now?: () => Date;
  /** Runs before the app is ready, e.g. to register extra test routes. */
  beforeReady?: (app: App) => Promise<void>;
  /** The database to serve (a restored one) instead of a fresh one; closed with the app. */
  database?: Database;
  /** How often a live socket's session is checked again. */
  liveSessionRecheckMs?: number;
  /** How often a sitting student's live socket is timed. */
  liveRoundTripEveryMs?: number;
}

/** The real app on a fresh database of its own; use one per test file. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.config);
  const routes: RouteOptions[] = [];
  const responses: string[] = [];
  const app = await buildApp({
    config,
    db: database,
    authLimits: options.authLimits,
    now: options.now,
    deadlineSweep: false,
    purge: false,
    reminderSweep: false,
    liveSessionRecheckMs: options.liveSessionRecheckMs,
    liveRoundTripEveryMs: options.liveRoundTripEveryMs,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    instrument(instance) {
      instance.addHook('onRoute', (route) => {
        routes.push(route);
      });
      recordResponses(instance, responses);
    },
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    routes,
    responses,
    async close() {
      // Every suite doubles as a leak check over all the responses it caused.
      const leaks = findLeakedSecrets(responses);
      await app.close();
      await database.close();
      if (leaks.length > 0) throw new Error(`Responses leaked secrets:\n${leaks.join('\n')}`);
    },
  };
}
