import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { errorResponseSchema, QUESTION_TYPES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from './app';
import { INTERNAL_ERROR_MESSAGE } from './plugins/error-handler';
import { LONE_SURROGATE_MESSAGE, NUL_IN_TEXT_MESSAGE } from './plugins/json-body';
import { createTestApp, type TestApp } from './test/app';
import { bearer, createSignedInUser } from './test/users';

let t: TestApp;
let web: TestApp;
let webDistDir: string;

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'examiq-web-dist-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDistDir, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
  // As the web build writes it: each file also brotli-compressed beside it.
  await writeFile(
    path.join(webDistDir, 'assets', 'index-3f2a1b.js.br'),
    brotliCompressSync('console.log(1);'),
  );
  await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg/>');
  [t, web] = await Promise.all([
    createTestApp({
      beforeReady: async (app) => {
        app.get('/api/test/failing-query', async () => {
          await t.database.db.execute(sql`select * from table_that_does_not_exist`);
          return { success: true };
        });
        app.get('/api/test/throwing', async () => {
          throw new Error('secret internal detail');
        });
      },
    }),
    createTestApp({ config: { webDistDir } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), web.close()]);
  await rm(webDistDir, { recursive: true, force: true });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/auth/nope'],
    ['GET', '/api'],
    ['DELETE', '/api/health'],
  ] as const)(
    'answers %s %s with a JSON 404, also when a web app is served',
    async (method, url) => {
      for (const app of [t.app, web.app]) {
        const response = await app.inject({ method, url });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ success: false, message: 'Not found' });
      }
    },
  );

  it('answers a malformed URL with the error contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).success).toBe(false);
  });

  it('answers other paths with a plain 404 when there is no web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/whatever' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('Not found');
  });
});

describe('web app', () => {
  it.each(['/', '/admin/whatever', '/student', '/login?next=%2Fadmin'])(
    'serves index.html for %s',
    async (url) => {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('caches hashed assets for good', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log(1);');
  });

  it('sends the compressed copy to a browser that accepts it, and the file to one that does not', async () => {
    const compressed = await web.app.inject({
      method: 'GET',
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1);');

    const plain = await web.app.inject({
      method: 'GET',
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('revalidates files outside assets', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not index.html', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found');
  });

  it('does not answer writes to client routes with index.html', async () => {
    const response = await web.app.inject({ method: 'POST', url: '/admin/whatever' });
    expect(response.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it.each([
    ['the API', '/api/health'],
    ['the web app', '/admin'],
    ['an unknown API path', '/api/no-such-call'],
  ])('are set on %s', async (_label, url) => {
    const response = await web.app.inject({ method: 'GET', url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    // Images from this origin only: a photo URL on another host would load in staff browsers.
    expect(csp.split(/;\s*/)).toContain("img-src 'self' data: blob:");
  });

  it('sends no CORS headers unless CORS_ORIGIN is set', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the configured origins when CORS_ORIGIN is set', async () => {
    const cors = await createTestApp({ config: { corsOrigins: ['http://localhost:5173'] } });
    try {
      const allowed = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      const other = await cors.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});

describe('request bodies', () => {
  function post(payload: string, contentType = 'application/json') {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  it('answers an oversized body with 413', async () => {
    const response = await post(
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large' });
  });

  it.each(['{"email":', '{email: 1}', 'null garbage', ' '])(
    'answers invalid JSON %j with 400',
    async (payload) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'Request body is not valid JSON',
      });
    },
  );

  it('refuses prototype poisoning', async () => {
    const response = await post(
      '{"email":"a@example.com","password":"password1","__proto__":{"isAdmin":true}}',
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses a NUL character anywhere in a body, which PostgreSQL text cannot hold', async () => {
    const response = await post('{"email":"a@example.com","password":"pass\\u0000word1"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: NUL_IN_TEXT_MESSAGE });
    const escapedBackslash = await post('{"email":"a@example.com","password":"pass\\\\u0000word"}');
    expect(escapedBackslash.statusCode).toBe(401);
  });

  it('refuses a lone surrogate anywhere in a body, which jsonb refuses and text would garble', async () => {
    for (const half of ['\\ud800', '\\uDFFF', '\\udc00\\ud800']) {
      const response = await post(`{"email":"a@example.com","password":"pass${half}word1"}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: LONE_SURROGATE_MESSAGE });
    }
    const pair = await post('{"email":"a@example.com","password":"pass\\ud83c\\udf93word1"}');
    expect(pair.statusCode).toBe(401);
  });

  it('reads an empty JSON body as no body', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: VALIDATION_FAILED_MESSAGE,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data'])(
    'answers a %s body with 415',
    async (contentType) => {
      const response = await post('email=a@example.com', contentType);
      expect(response.statusCode).toBe(415);
      expect(errorResponseSchema.parse(response.json()).success).toBe(false);
    },
  );
});

describe('server errors', () => {
  it.each(['/api/test/failing-query', '/api/test/throwing'])(
    'answer %s with a bare 500, never the cause',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, message: INTERNAL_ERROR_MESSAGE });
    },
  );
});

describe('nothing a client sends causes a 500', () => {
  const urls = [
    '/api/auth/login',
    '/api/auth/change-password',
    '/api/auth/refresh-token',
    '/api/auth/logout',
  ];
  const payloads = [
    'null',
    '"text"',
    '123',
    'true',
    '[]',
    '{}',
    '1e999999',
    '{"email":null,"password":null}',
    '{"email":{},"password":{},"currentPassword":[],"newPassword":1,"confirmPassword":false}',
    JSON.stringify({ email: `${'a'.repeat(5000)}@example.com`, password: 'x'.repeat(5000) }),
    JSON.stringify({ email: 'a@example.com\u0000', password: 'pass\u0000word' }),
    JSON.stringify({ email: 'a@example.com', password: 'password\u0000' }),
    JSON.stringify({ refreshToken: '\u0000', sessionId: '00000000-0000-0000-0000-000000000000' }),
    JSON.stringify({ refreshToken: 'x'.repeat(600), sessionId: "'; drop table users; --" }),
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    JSON.stringify({ constructor: { prototype: { polluted: true } } }),
  ];
  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/octet-stream',
  ];

  it('for odd bodies and content types', async () => {
    for (const url of urls) {
      for (const payload of payloads) {
        for (const contentType of contentTypes) {
          const response = await t.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': contentType },
          });
          expect(response.statusCode, `${url} ${contentType} ${payload.slice(0, 40)}`).toBeLessThan(
            500,
          );
          expect(
            errorResponseSchema.safeParse(response.json()).success || response.statusCode === 200,
          ).toBe(true);
        }
      }
    }
  });

  it('for odd paths, query strings and headers', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/%' },
      { method: 'GET', url: '/api/%E0%A4%A' },
      { method: 'GET', url: '/..%2f..%2fetc%2fpasswd' },
      { method: 'GET', url: '/api/health?x[y]=1&x=2' },
      { method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer \u00ff\u00fe' } },
      {
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${'a'.repeat(8000)}` },
      },
      { method: 'GET', url: '/api/admin/overview', headers: { authorization: 'Bearer a.b.c' } },
      {
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      { method: 'GET', url: '/api/docs/json' },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
    }
  });

  it('for a signed-in user sending odd bodies to logout', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(user.accessToken), 'content-type': 'application/json' },
      payload: '{"anything":[1,2,3]}',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every API route with tags and a summary', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/admin/bulk-bank-questions',
      '/api/admin/create-backup',
      '/api/admin/create-bank-question',
      '/api/admin/create-batch',
      '/api/admin/create-branch',
      '/api/admin/create-course',
      '/api/admin/create-exam',
      '/api/admin/create-faculty',
      '/api/admin/create-lti-platform',
      '/api/admin/create-section',
      '/api/admin/create-sign-in-provider',
      '/api/admin/create-student',
      '/api/admin/delete-batch/{id}',
      '/api/admin/delete-branch/{id}',
      '/api/admin/delete-course/{id}',
      '/api/admin/delete-exam/{id}',
      '/api/admin/delete-faculty/{id}',
      '/api/admin/delete-lti-platform/{id}',
      '/api/admin/delete-section/{id}',
      '/api/admin/delete-sign-in-provider/{id}',
      '/api/admin/delete-student/{id}',
      '/api/admin/duplicate-exam/{id}',
      '/api/admin/end-attempt',
      '/api/admin/end-exam-now/{examId}',
      '/api/admin/export-bank-questions',
      '/api/admin/export-co-attainment/{examId}',
      '/api/admin/export-course-co-attainment/{courseId}',
      '/api/admin/export-exam-answers/{examId}',
      '/api/admin/export-exam-questions/{examId}',
      '/api/admin/export-exam-results/{examId}',
      '/api/admin/export/faculty',
      '/api/admin/export/students',
      '/api/admin/get-all-exam',
      '/api/admin/get-all-faculty',
      '/api/admin/get-all-student',
      '/api/admin/get-attempt-draw/{attemptId}',
      '/api/admin/get-attempt-timeline/{attemptId}',
      '/api/admin/get-audit-log',
      '/api/admin/get-bank-access/{courseId}',
      '/api/admin/get-bank-categories/{courseId}',
      '/api/admin/get-bank-courses',
      '/api/admin/get-bank-question/{id}',
      '/api/admin/get-bank-questions',
      '/api/admin/get-batches',
      '/api/admin/get-branches',
      '/api/admin/get-branches-by-course',
      '/api/admin/get-co-attainment/{examId}',
      '/api/admin/get-course-co-attainment/{courseId}',
      '/api/admin/get-course-outcomes/{courseId}',
      '/api/admin/get-courses',
      '/api/admin/get-courses-by-batch',
      '/api/admin/get-exam-attempts/{examId}',
      '/api/admin/get-exam-evaluators/{examId}',
      '/api/admin/get-exam-preview/{examId}',
      '/api/admin/get-exam-report/{examId}',
      '/api/admin/get-exam-results/{examId}',
      '/api/admin/get-exam/{id}',
      '/api/admin/get-faculty-options',
      '/api/admin/get-faculty/{id}',
      '/api/admin/get-job-credentials/{id}',
      '/api/admin/get-job/{id}',
      '/api/admin/get-lti-platforms',
      '/api/admin/get-master-data-counts',
      '/api/admin/get-monitor-messages/{examId}',
      '/api/admin/get-monitor/{examId}',
      '/api/admin/get-outbox',
      '/api/admin/get-proctored-exams-now',
      '/api/admin/get-regrade-job/{jobId}',
      '/api/admin/get-result-statuses',
      '/api/admin/get-sections',
      '/api/admin/get-sections-by-branch',
      '/api/admin/get-slowed-sign-ins',
      '/api/admin/get-student-exams/{id}',
      '/api/admin/get-student/{id}',
      '/api/admin/grant-extra-time',
      '/api/admin/import-bank-questions/{courseId}',
      '/api/admin/import-preview/{kind}',
      '/api/admin/import-template/{kind}',
      '/api/admin/import/{kind}',
      '/api/admin/lti-deep-link/{id}',
      '/api/admin/media-urls',
      '/api/admin/overview',
      '/api/admin/parse-questions',
      '/api/admin/preview-draw',
      '/api/admin/publish-results/{examId}',
      '/api/admin/regrade-question/{examId}',
      '/api/admin/resend-invitation',
      '/api/admin/reset-password',
      '/api/admin/restore-bank-question/{id}',
      '/api/admin/review-alert',
      '/api/admin/rotate-lti-key',
      '/api/admin/send-message',
      '/api/admin/set-account-status',
      '/api/admin/set-bank-access/{courseId}',
      '/api/admin/set-bank-question-status/{id}',
      '/api/admin/set-course-outcomes/{courseId}',
      '/api/admin/set-exam-evaluators/{examId}',
      '/api/admin/settings',
      '/api/admin/sign-in-providers',
      '/api/admin/update-bank-question/{id}',
      '/api/admin/update-batch/{id}',
      '/api/admin/update-branch/{id}',
      '/api/admin/update-course/{id}',
      '/api/admin/update-exam/{id}',
      '/api/admin/update-faculty/{id}',
      '/api/admin/update-lti-platform/{id}',
      '/api/admin/update-section/{id}',
      '/api/admin/update-sign-in-provider/{id}',
      '/api/admin/update-student/{id}',
      '/api/admin/upload-media',
      '/api/admin/warn-student',
      '/api/answer-files/{fileId}',
      '/api/auth/accept-invitation',
      '/api/auth/change-password',
      '/api/auth/forgot-password',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/oidc/callback',
      '/api/auth/oidc/providers',
      '/api/auth/oidc/session',
      '/api/auth/oidc/{id}/start',
      '/api/auth/refresh-token',
      '/api/auth/reset-password',
      '/api/auth/update-password',
      '/api/faculty/bulk-bank-questions',
      '/api/faculty/create-bank-question',
      '/api/faculty/end-attempt',
      '/api/faculty/export-bank-questions',
      '/api/faculty/get-answers-to-grade/{examId}',
      '/api/faculty/get-bank-categories/{courseId}',
      '/api/faculty/get-bank-courses',
      '/api/faculty/get-bank-question/{id}',
      '/api/faculty/get-bank-questions',
      '/api/faculty/get-course-outcomes/{courseId}',
      '/api/faculty/get-monitor-messages/{examId}',
      '/api/faculty/get-monitor/{examId}',
      '/api/faculty/get-my-exams',
      '/api/faculty/grade-answer',
      '/api/faculty/grant-extra-time',
      '/api/faculty/import-bank-questions/{courseId}',
      '/api/faculty/lti-deep-link/{id}',
      '/api/faculty/media-urls',
      '/api/faculty/preview-draw',
      '/api/faculty/restore-bank-question/{id}',
      '/api/faculty/review-alert',
      '/api/faculty/send-message',
      '/api/faculty/set-bank-question-status/{id}',
      '/api/faculty/update-bank-question/{id}',
      '/api/faculty/upload-media',
      '/api/faculty/warn-student',
      '/api/health',
      '/api/lti/deep-link-return/{id}',
      '/api/lti/jwks',
      '/api/lti/launch',
      '/api/lti/login',
      '/api/lti/session',
      '/api/media/{id}',
      '/api/metrics',
      '/api/public-config',
      '/api/ready',
      '/api/student/get-attempt/{attemptId}',
      '/api/student/get-email-preferences',
      '/api/student/get-exam/{examId}',
      '/api/student/get-messages/{attemptId}',
      '/api/student/get-my-exams',
      '/api/student/get-result/{examId}',
      '/api/student/open-section/{attemptId}',
      '/api/student/report-events/{attemptId}',
      '/api/student/save-answers/{attemptId}',
      '/api/student/send-message/{attemptId}',
      '/api/student/start-exam/{examId}',
      '/api/student/submit-exam/{attemptId}',
      '/api/student/update-email-preferences',
      '/api/student/upload-answer-file/{attemptId}',
      '/api/ws',
    ]);
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${url}`).toBeGreaterThan(0);
        expect(operation.summary, `${method} ${url}`).toBeTruthy();
      }
    }
  });

  it('documents the bearer token on every route of the admin, faculty and student areas, and on no public route', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const area = /^\/api\/(admin|faculty|student)\//;
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (area.test(url)) {
          expect(operation.security, `${method} ${url}`).toEqual([{ bearerAuth: [] }]);
        }
      }
    }
    for (const url of [
      '/api/auth/login',
      '/api/health',
      '/api/public-config',
      '/api/media/{id}',
      '/api/answer-files/{fileId}',
    ]) {
      for (const [method, operation] of Object.entries(document.paths[url] ?? {})) {
        expect(operation.security, `${method} ${url}`).toBeUndefined();
      }
    }
  });

  it("documents a section's listed question as each question type, or a bank question's id", async () => {
    const response = await web.app.inject({ method: 'GET', url: '/api/docs/json' });
    const body = response.json().paths['/api/admin/create-exam'].post.requestBody.content[
      'application/json'
    ].schema as { properties: { questions: { items: { items: unknown } } } };
    const listed = body.properties.questions.items.items as {
      anyOf: [
        { oneOf: { properties: { questionType: { enum: string[] } } }[] },
        { required: string[] },
      ];
    };
    const [written, fromBank] = listed.anyOf;
    expect(written.oneOf.flatMap((type) => type.properties.questionType.enum).sort()).toEqual(
      [...QUESTION_TYPES].sort(),
    );
    expect(fromBank.required).toEqual(['bankQuestionId']);
  });

  it('serves the docs UI without inline scripts, under the CSP', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = response.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain('src=');
  });
});
