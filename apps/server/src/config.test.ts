import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, JWT_SECRET_FILE, loadConfig } from './config';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'examiq-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig({ INIT_CWD: dir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({ INIT_CWD: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(dir, 'data'),
      databaseUrl: undefined,
      databasePoolSize: 20,
      adminEmail: undefined,
      adminPassword: undefined,
      logLevel: 'info',
      corsOrigins: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 7,
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
        from: 'ExamIQ <no-reply@localhost>',
        publicUrl: 'http://localhost:3000',
        institutionName: 'ExamIQ',
        perMinute: 60,
      },
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('generates the signing key once, readable by the owner only, and reuses it', async () => {
    const first = loadConfig({ INIT_CWD: dir });
    const file = path.join(dir, 'data', JWT_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ INIT_CWD: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('resolves paths against the directory npm was run from', () => {
    const config = loadConfig({ INIT_CWD: dir, DATA_DIR: 'store', WEB_DIST_DIR: '../web' });
    expect(config.dataDir).toBe(path.join(dir, 'store'));
    expect(config.webDistDir).toBe(path.resolve(dir, '../web'));
  });

  it('reads every setting', () => {
    const config = loadConfig({
      INIT_CWD: dir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user@db.example:5432/examiq',
      JWT_SECRET: 's'.repeat(40),
      ADMIN_EMAIL: ' Head@School.example ',
      ADMIN_PASSWORD: 'Configured-pass-1',
      LOG_LEVEL: 'warn',
      CORS_ORIGIN: 'http://localhost:5173, https://exams.example',
      ACCESS_TOKEN_TTL_SECONDS: '300',
      REFRESH_TOKEN_TTL_DAYS: '30',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      REDIS_URL: 'redis://cache.example:6379/2',
      SUPPORT_EMAIL: 'registrar@school.example',
      METRICS_TOKEN: 'scrape-token-for-prometheus',
      TURN_URL: 'turn:turn.school.example:3478, turns:turn.school.example:5349',
      TURN_USERNAME: 'examiq',
      TURN_CREDENTIAL: 'relay-secret',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user@db.example:5432/examiq',
      jwtSecret: 's'.repeat(40),
      adminEmail: 'Head@School.example',
      adminPassword: 'Configured-pass-1',
      logLevel: 'warn',
      corsOrigins: ['http://localhost:5173', 'https://exams.example'],
      accessTokenTtlSeconds: 300,
      refreshTokenTtlDays: 30,
      trustProxy: 'loopback, 10.0.0.0/8',
      redisUrl: 'redis://cache.example:6379/2',
      supportEmail: 'registrar@school.example',
      metricsToken: 'scrape-token-for-prometheus',
      iceServers: [
        {
          urls: ['turn:turn.school.example:3478', 'turns:turn.school.example:5349'],
          username: 'examiq',
          credential: 'relay-secret',
        },
      ],
    });
    expect(loadConfig({ INIT_CWD: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ INIT_CWD: dir, METRICS_LOOPBACK: 'true' }).metricsLoopback).toBe(true);
    expect(loadConfig({ INIT_CWD: dir, METRICS_LOOPBACK: 'false' }).metricsLoopback).toBe(false);
  });

  it('backs up on a schedule only when BACKUP_DIR is set, daily keeping 7 unless told', () => {
    expect(loadConfig({ INIT_CWD: dir, BACKUP_DIR: 'backups' }).backup).toEqual({
      dir: path.join(dir, 'backups'),
      everyHours: 24,
      keep: 7,
    });
    expect(
      loadConfig({ INIT_CWD: dir, BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' })
        .backup,
    ).toEqual({ dir: '/b', everyHours: 6, keep: 28 });
  });

  it('reads the mail settings, the links pointing at PUBLIC_URL without its trailing slash', () => {
    const config = loadConfig({
      INIT_CWD: dir,
      SMTP_URL: 'smtp://exams:secret@mail.college.edu:587',
      SMTP_ALLOW_PLAIN: 'true',
      MAIL_FROM: 'Examinations <exams@college.edu>',
      PUBLIC_URL: 'https://exams.college.edu/',
      INSTITUTION_NAME: 'Riverside College of Engineering',
      MAIL_PER_MINUTE: '30',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://exams:secret@mail.college.edu:587',
      allowPlain: true,
      from: 'Examinations <exams@college.edu>',
      publicUrl: 'https://exams.college.edu',
      institutionName: 'Riverside College of Engineering',
      perMinute: 30,
    });
  });

  it("reads the environment's sign-in provider, its domains from a comma-separated list", () => {
    const config = loadConfig({
      INIT_CWD: dir,
      OIDC_ISSUER: 'https://login.microsoftonline.com/tenant-id/v2.0/',
      OIDC_CLIENT_ID: 'examiq',
      OIDC_CLIENT_SECRET: 'a-secret',
      OIDC_LABEL: 'Microsoft',
      OIDC_ALLOWED_DOMAINS: 'College.edu, staff.college.edu,college.edu',
      OIDC_EMAIL_CLAIM: 'preferred_username',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
      clientId: 'examiq',
      clientSecret: 'a-secret',
      label: 'Microsoft',
      allowedDomains: ['college.edu', 'staff.college.edu'],
      emailClaim: 'preferred_username',
    });
    expect(loadConfig({ INIT_CWD: dir }).oidc).toBeUndefined();
    expect(
      loadConfig({
        INIT_CWD: dir,
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'examiq',
        OIDC_CLIENT_SECRET: 'a-secret',
        OIDC_ALLOWED_DOMAINS: 'college.edu',
      }).oidc,
    ).toMatchObject({ label: 'your institution', emailClaim: 'email' });
  });

  it.each([
    [
      { OIDC_ISSUER: 'https://accounts.google.com' },
      'Invalid configuration: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS are required to sign in with an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS)',
    ],
    [
      { OIDC_LABEL: 'Google' },
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS are required to sign in with an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS)',
    ],
    [
      {
        OIDC_ISSUER: 'http://idp.college.edu',
        OIDC_CLIENT_ID: 'examiq',
        OIDC_CLIENT_SECRET: 'a-secret',
        OIDC_ALLOWED_DOMAINS: 'college.edu',
      },
      'Invalid configuration: OIDC_ISSUER must be an https:// URL without a query, e.g. https://accounts.google.com',
    ],
    [
      {
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'examiq',
        OIDC_CLIENT_SECRET: 'a-secret',
        OIDC_ALLOWED_DOMAINS: 'college.edu, not_a_domain',
      },
      'Invalid configuration: OIDC_ALLOWED_DOMAINS.1: Each allowed domain must be a domain such as college.edu',
    ],
    [
      {
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'examiq',
        OIDC_CLIENT_SECRET: 'a-secret',
        OIDC_ALLOWED_DOMAINS: 'college.edu',
        OIDC_EMAIL_CLAIM: 'e mail',
      },
      'Invalid configuration: OIDC_EMAIL_CLAIM must be a claim name such as email',
    ],
  ])('refuses the sign-in provider settings %j', (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ INIT_CWD: dir, PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535'],
    [
      { DATABASE_URL: 'postgres://localhost/examiq' },
      'Invalid configuration: JWT_SECRET is required with DATABASE_URL, so every server process signs with the same key',
    ],
    [
      { DATABASE_URL: 'mysql://localhost/examiq', JWT_SECRET: 's'.repeat(40) },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [
      { JWT_SECRET: 'short' },
      'Invalid configuration: JWT_SECRET must be at least 32 characters long',
    ],
    [
      { ADMIN_EMAIL: 'nope' },
      'Invalid configuration: ADMIN_EMAIL: Please enter a valid email address',
    ],
    [
      { SUPPORT_EMAIL: 'the registrar' },
      'Invalid configuration: SUPPORT_EMAIL: Please enter a valid email address',
    ],
    [
      { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' },
      'Invalid configuration: ADMIN_PASSWORD: Password must be at least 8 characters long',
    ],
    [
      { ADMIN_PASSWORD: 'Configured-pass-1' },
      'Invalid configuration: ADMIN_EMAIL is required when ADMIN_PASSWORD is set',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { TRUST_PROXY: '2' },
      "Invalid configuration: TRUST_PROXY must be true, false, or the proxies' addresses (hop counts are not supported)",
    ],
    [
      { METRICS_TOKEN: 'guessable' },
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters long',
    ],
    [{ METRICS_LOOPBACK: 'yes' }, 'Invalid configuration: METRICS_LOOPBACK must be true or false'],
    [
      { METRICS_LOOPBACK: 'true', TRUST_PROXY: '127.0.0.1' },
      'Invalid configuration: METRICS_LOOPBACK cannot be used with TRUST_PROXY: behind a proxy every visitor comes from it; set METRICS_TOKEN',
    ],
    [
      { REDIS_URL: 'http://cache.example:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL',
    ],
    [
      { TURN_URL: 'https://turn.school.example' },
      'Invalid configuration: TURN_URL must be one or more turn:, turns: or stun: URLs, separated by commas',
    ],
    [
      { TURN_CREDENTIAL: 'relay-secret' },
      'Invalid configuration: TURN_URL is required with TURN_USERNAME or TURN_CREDENTIAL',
    ],
    [
      { SMTP_URL: 'https://mail.college.edu', MAIL_FROM: 'exams@college.edu' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.college.edu',
    ],
    [
      { SMTP_URL: 'smtps://mail.college.edu' },
      'Invalid configuration: MAIL_FROM is required with SMTP_URL, the address messages are sent from',
    ],
    [
      { SMTP_URL: 'smtps://mail.college.edu', MAIL_FROM: 'exams' },
      'Invalid configuration: MAIL_FROM must be an email address, alone or after a name: exams@college.edu or Examinations <exams@college.edu>',
    ],
    [
      { SMTP_URL: 'smtps://mail.college.edu', MAIL_FROM: 'Examinations exams@college.edu' },
      'Invalid configuration: MAIL_FROM must be an email address, alone or after a name: exams@college.edu or Examinations <exams@college.edu>',
    ],
    [
      { SMTP_URL: 'smtps://mail.college.edu', MAIL_FROM: 'Exams <exams@college.edu>\nBcc: x@y.z' },
      'Invalid configuration: MAIL_FROM must be an email address, alone or after a name: exams@college.edu or Examinations <exams@college.edu>',
    ],
    [
      { INSTITUTION_NAME: 'C'.repeat(101) },
      'Invalid configuration: INSTITUTION_NAME cannot exceed 100 characters',
    ],
    [{ SMTP_ALLOW_PLAIN: 'yes' }, 'Invalid configuration: SMTP_ALLOW_PLAIN must be true or false'],
    [
      { PUBLIC_URL: 'exams.college.edu' },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL',
    ],
    [
      { BACKUP_EVERY_HOURS: '6' },
      'Invalid configuration: BACKUP_EVERY_HOURS needs BACKUP_DIR, the folder the backups are written to',
    ],
    [
      { BACKUP_DIR: '/b', BACKUP_KEEP: '0' },
      'Invalid configuration: BACKUP_KEEP must be a whole number from 1 to 1000',
    ],
    [
      { DATABASE_POOL_SIZE: '0' },
      'Invalid configuration: DATABASE_POOL_SIZE must be a whole number from 1 to 1000',
    ],
    [
      { MAIL_PER_MINUTE: '0' },
      'Invalid configuration: MAIL_PER_MINUTE must be a whole number from 1 to 100000',
    ],
  ])('refuses %j with one clear line', (env, message) => {
    const text = configError(env);
    expect(text).toBe(message);
    expect(text).not.toContain('\n');
  });

  it("never repeats SMTP_URL's password in its refusal", () => {
    const text = configError({
      SMTP_URL: 'ftp://exams:smtp-password-7c41@mail.college.edu',
      MAIL_FROM: 'exams@college.edu',
    });
    expect(text).toMatch(/^Invalid configuration: SMTP_URL must be/);
    expect(text).not.toContain('smtp-password-7c41');
  });

  it('joins several problems on one line', () => {
    expect(configError({ PORT: '0', REFRESH_TOKEN_TTL_DAYS: '0' })).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535; REFRESH_TOKEN_TTL_DAYS must be a whole number from 1 to 365',
    );
  });
});
