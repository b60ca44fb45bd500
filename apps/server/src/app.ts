import Fastify, {
  type FastifyInstance,
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { stdSerializers } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { withoutQueryValues } from './db/query-error-log';
import { createJobRunner } from './jobs/runner';
import { stdoutWithoutBlocking } from './log-destination';
import { startAnswerFileSweep } from './modules/attempts/answer-files';
import { answerFilesRoutes } from './modules/attempts/answer-files.routes';
import { answerFilesStudentRoutes } from './modules/attempts/answer-files.student-routes';
import { attemptsAdminRoutes } from './modules/attempts/attempts.admin-routes';
import { attemptsStudentRoutes } from './modules/attempts/attempts.student-routes';
import { startDeadlineSweep } from './modules/attempts/deadline-sweep';
import { auditAdminRoutes } from './modules/audit/audit.admin-routes';
import { authRoutes } from './modules/auth/auth.routes';
import { registerAuthentication } from './modules/auth/authenticate';
import { type AuthDeps, type AuthLimits, DEFAULT_AUTH_LIMITS } from './modules/auth/credentials';
import { passwordResetJob } from './modules/auth/password-reset';
import { startPurge } from './modules/auth/purge';
import { databaseLimitStore } from './modules/auth/rate-limiter';
import { redisLimitStore } from './modules/auth/redis-limit-store';
import { roleScope } from './modules/auth/role-scope';
import { signInLimitsAdminRoutes } from './modules/auth/sign-in-limits.admin-routes';
import { backupAdminRoutes } from './modules/backup/backup.admin-routes';
import { startScheduledBackups } from './modules/backup/scheduled-backups';
import { bankIoRoutes } from './modules/banks/bank-io.routes';
import { bankQuestionsRoutes } from './modules/banks/bank-questions.routes';
import { banksAdminRoutes } from './modules/banks/banks.admin-routes';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.admin-routes';
import { examRecordsAdminRoutes } from './modules/exams/exam-records.admin-routes';
import { examsAdminRoutes } from './modules/exams/exams.admin-routes';
import { facultyAdminRoutes } from './modules/faculty/faculty.admin-routes';
import { gradingAdminRoutes } from './modules/grading/grading.admin-routes';
import { gradingFacultyRoutes } from './modules/grading/grading.faculty-routes';
import { healthRoutes } from './modules/health/health.routes';
import { ltiScoresJob } from './modules/lti/ags';
import { ltiAdminRoutes } from './modules/lti/lti.admin-routes';
import { ltiInstructorRoutes } from './modules/lti/lti.instructor-routes';
import { ltiRoutes } from './modules/lti/lti.routes';
import { examMessagesJob, startReminderSweep } from './modules/mail/exam-messages';
import { mailAdminRoutes } from './modules/mail/mail.admin-routes';
import { sendMailJob } from './modules/mail/mail.service';
import { mailStudentRoutes } from './modules/mail/mail.student-routes';
import { masterDataAdminRoutes } from './modules/master-data/master-data.admin-routes';
import { masterDataChangesAdminRoutes } from './modules/master-data/master-data-changes.admin-routes';
import { mediaRoutes } from './modules/media/media.routes';
import { startMediaSweep } from './modules/media/media.service';
import { answerFileLinks, mediaLinks } from './modules/media/media-links';
import { mediaUploadRoutes } from './modules/media/media-uploads.routes';
import { createMetrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { oidcAdminRoutes } from './modules/oidc/oidc.admin-routes';
import { outcomesAdminRoutes } from './modules/outcomes/outcomes.admin-routes';
import { peopleExportAdminRoutes } from './modules/people-export/people-export.admin-routes';
import { startCheckExpiry } from './modules/people-import/checks';
import { peopleImportJob } from './modules/people-import/import-job';
import { peopleImportAdminRoutes } from './modules/people-import/people-import.admin-routes';
import { announceSubmitted } from './modules/proctoring/monitor';
import { createProctoringNotifier } from './modules/proctoring/notifier';
import { proctoringAdminRoutes } from './modules/proctoring/proctoring.admin-routes';
import { proctoringFacultyRoutes } from './modules/proctoring/proctoring.faculty-routes';
import { proctoringStudentRoutes } from './modules/proctoring/proctoring.student-routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { questionInterchangeAdminRoutes } from './modules/question-interchange/question-interchange.admin-routes';
import { registerRealtime } from './modules/realtime/realtime.routes';
import { regradeJob } from './modules/reports/regrade-job';
import { reportsAdminRoutes } from './modules/reports/reports.admin-routes';
import { blindCodes } from './modules/results/blind-codes';
import { resultsAdminRoutes } from './modules/results/results.admin-routes';
import { resultsStudentRoutes } from './modules/results/results.student-routes';
import { settingsAdminRoutes } from './modules/settings/settings.admin-routes';
import { studentsAdminRoutes } from './modules/students/students.admin-routes';
import { accountsAdminRoutes } from './modules/users/accounts.admin-routes';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { contractValidatorCompiler } from './plugins/validation';
import { isApiUrl, registerWebApp } from './plugins/web-app';
import { connectRedis } from './redis';

export const BODY_LIMIT = 4 * 1024 * 1024;
/** For the routes read before anyone is signed in: a sign-in is under 1 KB. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** Never written to the log, wherever they appear in a logged object. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...['password', 'currentPassword', 'newPassword', 'confirmPassword'].map((key) => `*.${key}`),
  ...[
    'accessToken',
    'refreshToken',
    'token',
    'jwtSecret',
    'adminPassword',
    'defaultPassword',
    'clientSecret',
  ].map((key) => `*.${key}`),
];

/** What the log keeps of a request: its path without the query, where a searched name may be. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?', 1)[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One line per API call, written once it is answered: the request, the status, how long it took
 * (ms) and who asked, so a slow or failing call is read from one line.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      userId: request.auth?.userId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The route label of a request no route answered: the raw path would let anyone add labels. */
const UNMATCHED_ROUTE = 'unmatched';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Logs with pino at the configured level; tests leave it off. */
  logger?: boolean;
  /** Where the log goes instead of stdout; tests read it back. */
  logStream?: FastifyLoggerOptions['stream'];
  /** Failed sign-in limits; tests use small ones. */
  authLimits?: AuthLimits;
  /**
   * Runs on the bare instance before any route or plugin: hooks added here reach every route.
   * Tests use it to collect the route table and record every response.
   */
  instrument?: (app: FastifyInstance) => void;
  /** The clock exam schedules and deadlines are read against; tests fix it. */
  now?: () => Date;
  /** Submits attempts at their deadline every few seconds; tests call the sweep themselves. */
  deadlineSweep?: boolean;
  /**
   * Purges ended sessions and finished limit windows every few minutes, and unreferenced media
   * every hour; tests call them.
   */
  purge?: boolean;
  /** Writes the exam reminders due every minute; tests call the sweep themselves. */
  reminderSweep?: boolean;
  /** How often a live socket's session is checked again; tests shorten it. */
  liveSessionRecheckMs?: number;
  /** How often the server times a sitting student's live socket; tests shorten it. */
  liveRoundTripEveryMs?: number;
}

export async function buildApp({
  config,
  db: database,
  logger = false,
  logStream,
  authLimits = DEFAULT_AUTH_LIMITS,
  instrument,
  now = () => new Date(),
  deadlineSweep = true,
  purge = true,
  reminderSweep = true,
  liveSessionRecheckMs,
  liveRoundTripEveryMs,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: REDACTED_PATHS,
          // Every logged error, a 500's or a background job's, keeps a failed query's statement
          // and not its values.
          serializers: {
            err: (error: unknown) => stdSerializers.err(withoutQueryValues(error) as Error),
            req: loggedRequest,
          },
          stream: logStream ?? stdoutWithoutBlocking(),
        }
      : false,
    // One line per API call; the app's files and pages would bury them (a page load fetches
    // dozens). Failures are logged whatever the path, by the error handler.
    logController: new OneLinePerRequest({
      disableRequestLogging: (request: { url?: string }) => !isApiUrl(request.url ?? '/'),
    }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  instrument?.(app);
  const metrics = createMetrics(database);
  app.decorate('metrics', metrics);
  app.decorate('proctoring', createProctoringNotifier(app.log));
  const jobs = createJobRunner({
    db: database.db,
    engine: database.kind,
    log: app.log,
    kinds: [
      peopleImportJob(config.jwtSecret, now, config.mail),
      regradeJob(now),
      sendMailJob(config.mail, metrics),
      passwordResetJob(config.mail),
      examMessagesJob(config.mail, now),
      ltiScoresJob(config),
    ],
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // By route pattern, never the URL: ids in paths would make a series per record.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);
  registerErrorHandler(app);
  registerAuthentication(app, { db: database.db, config });
  await registerSecurity(app, config.corsOrigins);
  await registerOpenApi(app);

  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }

  await registerRealtime(app, {
    db: database.db,
    redis,
    sessionRecheckMs: liveSessionRecheckMs,
    roundTripEveryMs: liveRoundTripEveryMs,
    iceServers: config.iceServers,
    now,
  });
  await app.register(healthRoutes, { prefix: '/api', database });
  await app.register(metricsRoutes, { prefix: '/api', config });
  await app.register(publicConfigRoutes, { prefix: '/api', config, db: database.db });
  const links = mediaLinks(config.jwtSecret);
  app.decorate('mediaLinks', links);
  await app.register(mediaRoutes, { prefix: '/api', db: database.db, links, now });
  const fileLinks = answerFileLinks(config.jwtSecret);
  app.decorate('answerFileLinks', fileLinks);
  await app.register(answerFilesRoutes, {
    prefix: '/api',
    db: database.db,
    links: fileLinks,
    now,
  });
  const authDeps: AuthDeps = {
    db: database.db,
    config,
    limits: authLimits,
    limitStore: redis ? redisLimitStore(redis, database.db) : databaseLimitStore(database.db),
  };
  await app.register(
    async (publicArea) => {
      publicArea.addHook('onRoute', (route) => {
        route.bodyLimit = PUBLIC_BODY_LIMIT;
      });
      await publicArea.register(authRoutes, authDeps);
    },
    { prefix: '/api/auth' },
  );
  await app.register(ltiRoutes, { ...authDeps, prefix: '/api/lti' });
  const codes = blindCodes(config.jwtSecret);
  await app.register(
    roleScope('admin', async (admin) => {
      await admin.register(dashboardAdminRoutes, { db: database.db, now });
      await admin.register(masterDataAdminRoutes, { db: database.db });
      await admin.register(masterDataChangesAdminRoutes, { db: database.db });
      await admin.register(studentsAdminRoutes, { db: database.db, mail: config.mail });
      await admin.register(facultyAdminRoutes, { db: database.db, now, mail: config.mail });
      await admin.register(accountsAdminRoutes, { db: database.db, mail: config.mail });
      await admin.register(peopleExportAdminRoutes, { db: database.db });
      await admin.register(peopleImportAdminRoutes, {
        db: database.db,
        secret: config.jwtSecret,
        now,
      });
      await admin.register(examsAdminRoutes, { db: database.db });
      await admin.register(mediaUploadRoutes, { db: database.db, links, now, role: 'admin' });
      await admin.register(examRecordsAdminRoutes, { db: database.db, now });
      await admin.register(banksAdminRoutes, { db: database.db });
      await admin.register(bankQuestionsRoutes, { db: database.db, role: 'admin' });
      await admin.register(bankIoRoutes, { db: database.db, links, now, role: 'admin' });
      await admin.register(questionInterchangeAdminRoutes, { db: database.db, links, now });
      await admin.register(attemptsAdminRoutes, { db: database.db, now });
      await admin.register(proctoringFacultyRoutes, { db: database.db, now, role: 'admin' });
      await admin.register(proctoringAdminRoutes, { db: database.db, now });
      await admin.register(gradingAdminRoutes, { db: database.db, now });
      await admin.register(resultsAdminRoutes, { db: database.db, now, codes });
      await admin.register(reportsAdminRoutes, { db: database.db, now, codes });
      await admin.register(outcomesAdminRoutes, { db: database.db });
      await admin.register(auditAdminRoutes, { db: database.db });
      await admin.register(backupAdminRoutes, { db: database.db });
      await admin.register(settingsAdminRoutes, { db: database.db, now });
      await admin.register(mailAdminRoutes, {
        db: database.db,
        sending: config.mail.smtpUrl !== undefined,
      });
      await admin.register(signInLimitsAdminRoutes, authDeps);
      await admin.register(oidcAdminRoutes, { db: database.db, config });
      await admin.register(ltiAdminRoutes, { db: database.db, config });
      await admin.register(ltiInstructorRoutes, { db: database.db, config, role: 'admin' });
    }),
    { prefix: '/api/admin' },
  );
  await app.register(
    roleScope('faculty', async (faculty) => {
      await faculty.register(gradingFacultyRoutes, { db: database.db, now, codes });
      await faculty.register(proctoringFacultyRoutes, { db: database.db, now, role: 'faculty' });
      await faculty.register(bankQuestionsRoutes, { db: database.db, role: 'faculty' });
      await faculty.register(ltiInstructorRoutes, { db: database.db, config, role: 'faculty' });
      await faculty.register(bankIoRoutes, { db: database.db, links, now, role: 'faculty' });
      await faculty.register(mediaUploadRoutes, { db: database.db, links, now, role: 'faculty' });
    }),
    { prefix: '/api/faculty' },
  );
  await app.register(
    roleScope('student', async (student) => {
      await student.register(attemptsStudentRoutes, { db: database.db, now });
      await student.register(answerFilesStudentRoutes, { db: database.db, now });
      await student.register(proctoringStudentRoutes, { db: database.db, now });
      await student.register(resultsStudentRoutes, { db: database.db, now });
      await student.register(mailStudentRoutes, { db: database.db });
    }),
    { prefix: '/api/student' },
  );
  if (deadlineSweep)
    runWhileOpen(app, () =>
      startDeadlineSweep(database.db, app.log, now, {
        metrics,
        onProctoredSubmitted: (attemptIds) =>
          announceSubmitted(database.db, app.proctoring, attemptIds, now()).catch(
            (error: unknown) =>
              app.log.error({ err: error }, 'Submissions could not be shown on the monitor'),
          ),
      }),
    );
  if (purge) {
    runWhileOpen(app, () => startPurge(database.db, app.log, authLimits));
    runWhileOpen(app, () => startMediaSweep(database.db, app.log));
    runWhileOpen(app, () => startAnswerFileSweep(database.db, app.log));
    runWhileOpen(app, () => startCheckExpiry(database.db, app.log));
  }
  if (reminderSweep) {
    runWhileOpen(app, () => startReminderSweep(database.db, jobs, config.mail, app.log, now));
  }
  const { backup } = config;
  if (backup) runWhileOpen(app, () => startScheduledBackups(database.db, backup, app.log));

  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Starts a repeated job once the app is ready, and stops it (a run in progress ends) on close. */
function runWhileOpen(app: FastifyInstance, start: () => () => Promise<void>): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = start();
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
