// Every setting of the environment in one file, past the usual size: each variable with its
// default, its check and the one line an operator is shown, so "what does X do" has one answer.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  allowedDomainsField,
  DEFAULT_EMAIL_CLAIM,
  emailField,
  isAcceptableIssuer,
  passwordField,
  splitDomains,
} from '@examiq/contracts';
import { z } from 'zod';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './db/owner-only';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections each server process keeps to PostgreSQL. */
  databasePoolSize: number;
  jwtSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: LogLevel;
  /** CORS is only enabled when origins are configured: the web app is served from the same origin. */
  corsOrigins: string[] | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /** true, or the proxies' addresses / CIDRs / proxy-addr names (`loopback`, `10.0.0.0/8`). */
  trustProxy: boolean | string;
  /** When set, the failed sign-in counters live in this Redis instead of the database. */
  redisUrl: string | undefined;
  /** Where people without an account ask for one; the sign-in screen offers it as a mail link. */
  supportEmail: string | undefined;
  /** The bearer token GET /api/metrics asks for; unset, nobody reads them unless `metricsLoopback`. */
  metricsToken: string | undefined;
  /** METRICS_LOOPBACK: without a token, this machine may read the metrics (the operator's choice). */
  metricsLoopback: boolean;
  /** Backups the server takes by itself, when BACKUP_DIR is set. */
  backup: BackupSchedule | undefined;
  /** The relays the camera tiles' WebRTC connections may use (TURN_URL): none on a plain LAN. */
  iceServers: IceServer[];
  /** How the platform's email leaves, and what it says about where it comes from. */
  mail: MailSettings;
  /** The sign-in provider OIDC_ISSUER and the rest configure, beside those of the settings page. */
  oidc: EnvironmentSignInProvider | undefined;
}

export interface EnvironmentSignInProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  allowedDomains: string[];
  emailClaim: string;
}

export interface MailSettings {
  /** SMTP_URL: unset, nothing is sent and every message is only kept in the admin's outbox. */
  smtpUrl: string | undefined;
  /** SMTP_ALLOW_PLAIN: an smtp:// server may take mail without STARTTLS (a relay on this host). */
  allowPlain: boolean;
  from: string;
  /** MAIL_PER_MINUTE: at most this many messages leave in a minute, from every process together. */
  perMinute: number;
  /** PUBLIC_URL: where the links in messages point, without a trailing slash. */
  publicUrl: string;
  institutionName: string;
}

/** Backups the server takes itself: into `dir` every `everyHours` hours, the newest `keep` kept. */
export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

/** As the browser's RTCIceServer takes it. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** A setting the process cannot start with; its message is the one line shown to the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MIN_JWT_SECRET_LENGTH = 32;
const MIN_METRICS_TOKEN_LENGTH = 16;
export const JWT_SECRET_FILE = 'jwt-secret';

/** The web app's build output, found from this module in both src/ (tsx, vitest) and dist/ (bundle). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`)
    .default(fallback);

const envSchema = z
  .object({
    PORT: wholeNumber('PORT', 1, 65535, 3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
      })
      .optional(),
    // Twice node-postgres's 10: on an exam day a statement holds its connection while its commit
    // is flushed, and more connections let more commits share one flush.
    DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 1_000, 20),
    JWT_SECRET: z
      .string()
      .min(
        MIN_JWT_SECRET_LENGTH,
        `JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`,
      )
      .optional(),
    ADMIN_EMAIL: emailField.optional(),
    ADMIN_PASSWORD: passwordField('ADMIN_PASSWORD is required').optional(),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
      .default('info'),
    CORS_ORIGIN: z.string().optional(),
    ACCESS_TOKEN_TTL_SECONDS: wholeNumber('ACCESS_TOKEN_TTL_SECONDS', 30, 86_400, 900),
    REFRESH_TOKEN_TTL_DAYS: wholeNumber('REFRESH_TOKEN_TTL_DAYS', 1, 365, 7),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .refine(
        (value) => !/^\d+$/.test(value),
        "TRUST_PROXY must be true, false, or the proxies' addresses (hop counts are not supported)",
      )
      .optional(),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
      .optional(),
    SUPPORT_EMAIL: emailField.optional(),
    METRICS_TOKEN: z
      .string()
      .min(
        MIN_METRICS_TOKEN_LENGTH,
        `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`,
      )
      .optional(),
    METRICS_LOOPBACK: z
      .enum(['true', 'false'], { error: 'METRICS_LOOPBACK must be true or false' })
      .default('false'),
    TURN_URL: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine(
        (urls) => urls.every((url) => /^(turns?|stun):[^\s]+$/.test(url)),
        'TURN_URL must be one or more turn:, turns: or stun: URLs, separated by commas',
      )
      .optional(),
    TURN_USERNAME: z.string().optional(),
    TURN_CREDENTIAL: z.string().optional(),
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error:
          'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.college.edu',
      })
      .optional(),
    SMTP_ALLOW_PLAIN: z
      .enum(['true', 'false'], { error: 'SMTP_ALLOW_PLAIN must be true or false' })
      .default('false'),
    MAIL_FROM: z
      .string()
      .regex(
        // An address, alone or after a display name; one line, as it becomes a mail header.
        /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
        'MAIL_FROM must be an email address, alone or after a name: exams@college.edu or Examinations <exams@college.edu>',
      )
      .optional(),
    MAIL_PER_MINUTE: wholeNumber('MAIL_PER_MINUTE', 1, 100_000, 60),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
      .optional(),
    INSTITUTION_NAME: z
      .string()
      .max(100, 'INSTITUTION_NAME cannot exceed 100 characters')
      .optional(),
    OIDC_ISSUER: z
      .string()
      .refine(
        isAcceptableIssuer,
        'OIDC_ISSUER must be an https:// URL without a query, e.g. https://accounts.google.com',
      )
      .transform((issuer) => issuer.replace(/\/+$/, ''))
      .optional(),
    OIDC_CLIENT_ID: z.string().max(255, 'OIDC_CLIENT_ID cannot exceed 255 characters').optional(),
    OIDC_CLIENT_SECRET: z
      .string()
      .max(1000, 'OIDC_CLIENT_SECRET cannot exceed 1000 characters')
      .optional(),
    OIDC_LABEL: z.string().trim().max(60, 'OIDC_LABEL cannot exceed 60 characters').optional(),
    OIDC_ALLOWED_DOMAINS: z.string().transform(splitDomains).pipe(allowedDomainsField).optional(),
    OIDC_EMAIL_CLAIM: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'OIDC_EMAIL_CLAIM must be a claim name such as email')
      .optional(),
    BACKUP_DIR: z.string().optional(),
    BACKUP_EVERY_HOURS: wholeNumber('BACKUP_EVERY_HOURS', 1, 8_760, 24),
    BACKUP_KEEP: wholeNumber('BACKUP_KEEP', 1, 1_000, 7),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message:
          'JWT_SECRET is required with DATABASE_URL, so every server process signs with the same key',
      });
    }
    if ((env.TURN_USERNAME || env.TURN_CREDENTIAL) && !env.TURN_URL?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURN_URL'],
        message: 'TURN_URL is required with TURN_USERNAME or TURN_CREDENTIAL',
      });
    }
    if (env.METRICS_LOOPBACK === 'true' && parseTrustProxy(env.TRUST_PROXY) !== false) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_LOOPBACK'],
        message:
          'METRICS_LOOPBACK cannot be used with TRUST_PROXY: behind a proxy every visitor comes from it; set METRICS_TOKEN',
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'MAIL_FROM is required with SMTP_URL, the address messages are sent from',
      });
    }
    const oidcNames = [
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_ALLOWED_DOMAINS',
    ] as const;
    const oidcGiven = [...oidcNames, 'OIDC_LABEL', 'OIDC_EMAIL_CLAIM'] as const;
    if (oidcGiven.some((name) => env[name] !== undefined)) {
      const missing = oidcNames.filter((name) => env[name] === undefined);
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [missing[0] as string],
          message: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required to sign in with an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOWED_DOMAINS)`,
        });
      }
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL is required when ADMIN_PASSWORD is set',
      });
    }
  });

/** npm runs workspace scripts inside the workspace; paths are meant relative to where the user ran npm. */
export function userCwd(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

/** How a path is shown to the operator: relative to where they started the command when inside it. */
export function describePath(target: string, env: NodeJS.ProcessEnv = process.env): string {
  const relative = path.relative(userCwd(env), target);
  if (relative === '') return '.';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return target;
  return `./${relative}`;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

function parseOrigins(value: string | undefined): string[] | undefined {
  const origins = value
    ?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
  return origins && origins.length > 0 ? origins : undefined;
}

/**
 * The embedded engine's signing key lives beside its data so tokens survive restarts.
 * `wx` makes two processes racing here agree on one secret.
 */
function readOrCreateJwtSecret(dataDir: string, env: NodeJS.ProcessEnv): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  let secret: string;
  try {
    mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), {
        ...OWNER_ONLY_FILE,
        flag: 'wx',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(
      `Cannot use DATA_DIR ${describePath(dataDir, env)}: ${(error as Error).message}`,
    );
  }
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(
      `${describePath(file, env)} holds no usable secret (under ${MIN_JWT_SECRET_LENGTH} characters): delete it to generate a new one`,
    );
  }
  return secret;
}

/**
 * The settings of the environment. A command that signs no token (a backup) passes
 * `signingKey: false`, so it neither reads nor makes the embedded engine's key, and its
 * `jwtSecret` is empty.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { signingKey = true }: { signingKey?: boolean } = {},
): Config {
  // An empty variable (`PORT= npm start`) means "use the default", not "invalid".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  // Checked on what was given, the defaults being filled in by then.
  const scheduleWithoutFolder = ['BACKUP_EVERY_HOURS', 'BACKUP_KEEP'].find(
    (name) => name in present && !('BACKUP_DIR' in present),
  );
  if (scheduleWithoutFolder) {
    throw new ConfigError(
      `Invalid configuration: ${scheduleWithoutFolder} needs BACKUP_DIR, the folder the backups are written to`,
    );
  }
  const values = parsed.data;
  const base = userCwd(env);
  const dataDir = path.resolve(base, values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    jwtSecret: values.JWT_SECRET ?? (signingKey ? readOrCreateJwtSecret(dataDir, env) : ''),
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    logLevel: values.LOG_LEVEL,
    corsOrigins: parseOrigins(values.CORS_ORIGIN),
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: values.REFRESH_TOKEN_TTL_DAYS,
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(base, values.WEB_DIST_DIR)
      : DEFAULT_WEB_DIST_DIR,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    redisUrl: values.REDIS_URL,
    supportEmail: values.SUPPORT_EMAIL,
    metricsToken: values.METRICS_TOKEN,
    metricsLoopback: values.METRICS_LOOPBACK === 'true',
    backup: values.BACKUP_DIR
      ? {
          dir: path.resolve(base, values.BACKUP_DIR),
          everyHours: values.BACKUP_EVERY_HOURS,
          keep: values.BACKUP_KEEP,
        }
      : undefined,
    iceServers: values.TURN_URL?.length
      ? [
          {
            urls: values.TURN_URL,
            ...(values.TURN_USERNAME ? { username: values.TURN_USERNAME } : {}),
            ...(values.TURN_CREDENTIAL ? { credential: values.TURN_CREDENTIAL } : {}),
          },
        ]
      : [],
    mail: {
      smtpUrl: values.SMTP_URL,
      allowPlain: values.SMTP_ALLOW_PLAIN === 'true',
      from: values.MAIL_FROM ?? 'ExamIQ <no-reply@localhost>',
      perMinute: values.MAIL_PER_MINUTE,
      publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
      institutionName: values.INSTITUTION_NAME ?? 'ExamIQ',
    },
    oidc:
      values.OIDC_ISSUER &&
      values.OIDC_CLIENT_ID &&
      values.OIDC_CLIENT_SECRET &&
      values.OIDC_ALLOWED_DOMAINS
        ? {
            issuer: values.OIDC_ISSUER,
            clientId: values.OIDC_CLIENT_ID,
            clientSecret: values.OIDC_CLIENT_SECRET,
            label: values.OIDC_LABEL || 'your institution',
            allowedDomains: values.OIDC_ALLOWED_DOMAINS,
            emailClaim: values.OIDC_EMAIL_CLAIM ?? DEFAULT_EMAIL_CLAIM,
          }
        : undefined,
  };
}
