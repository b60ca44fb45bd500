import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  facultySchema,
  type PageQuery,
  paginationSchema,
  studentSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { errorsOf, validFacultyPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { expect } from 'vitest';
import { z } from 'zod';
import type { App } from '../app';
import { expectError } from './errors';
import type { MasterDataClient } from './master-data';
import { bearer, uniqueEmail } from './users';

export const createdStudentResponse = successResponse(
  z.object({ student: studentSchema.strict(), defaultPassword: z.string() }).strict(),
).strict();
export const createdFacultyResponse = successResponse(
  z.object({ faculty: facultySchema.strict(), defaultPassword: z.string() }).strict(),
).strict();
export const studentPageResponse = successResponse(
  z.object({ students: studentSchema.strict().array(), pagination: paginationSchema.strict() }),
).strict();
export const facultyPageResponse = successResponse(
  z.object({ faculty: facultySchema.strict().array(), pagination: paginationSchema.strict() }),
).strict();

export function uniqueCode(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}`;
}

/** A batch, course, branch and section, as the ids a student payload names. */
export async function createPlacement(masterData: MasterDataClient, startYear: number) {
  const batch = await masterData.batch(startYear);
  const course = await masterData.course(batch._id);
  const branch = await masterData.branch(course._id);
  const section = await masterData.section(branch._id);
  return { batch: batch.name, course: course._id, branch: branch._id, section: section._id };
}
export type Placement = Awaited<ReturnType<typeof createPlacement>>;

/** A valid create-student payload with a fresh email and roll number. */
export function studentPayload(placement: Placement) {
  return validStudentPayload({
    email: uniqueEmail('student'),
    rollNumber: uniqueCode('ROLL'),
    ...placement,
  });
}

/** A valid create-faculty payload with a fresh email and employee ID. */
export function facultyPayload() {
  return validFacultyPayload({ email: uniqueEmail('faculty'), employeeId: uniqueCode('EMP') });
}

/** Calls the student and faculty routes as one signed-in admin. */
export function peopleClient(app: App, accessToken: string) {
  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) {
    return app.inject({
      method,
      url: `/api/admin/${path}`,
      headers: bearer(accessToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function created(path: string, payload: unknown) {
    const response = await call('POST', path, payload);
    if (response.statusCode !== 201) {
      throw new Error(`POST ${path} failed: ${response.statusCode} ${response.body}`);
    }
    return response.json();
  }

  const pageQuery = ({ page, limit }: Partial<PageQuery>) =>
    new URLSearchParams({
      ...(page === undefined ? {} : { page: String(page) }),
      ...(limit === undefined ? {} : { limit: String(limit) }),
    }).toString();

  return {
    post: (path: string, payload?: unknown) => call('POST', path, payload),
    put: (path: string, payload?: unknown) => call('PUT', path, payload),
    get: (path: string) => call('GET', path),
    delete: (path: string) => call('DELETE', path),
    /** Fails the test unless the create answers 201 with the contract's envelope and record. */
    student: async (payload: unknown) =>
      createdStudentResponse.parse(await created('create-student', payload)).data,
    faculty: async (payload: unknown) =>
      createdFacultyResponse.parse(await created('create-faculty', payload)).data,
    studentPage: async (query: Partial<PageQuery> = {}) =>
      studentPageResponse.parse((await call('GET', `get-all-student?${pageQuery(query)}`)).json())
        .data,
    facultyPage: async (query: Partial<PageQuery> = {}) =>
      facultyPageResponse.parse((await call('GET', `get-all-faculty?${pageQuery(query)}`)).json())
        .data,
  };
}
export type PeopleClient = ReturnType<typeof peopleClient>;

/** Sends a person form's payload to its create or edit call. */
export type FormCall = (payload: unknown) => ReturnType<PeopleClient['post']>;

/** Sends a form payload and checks the 400 carries exactly these errors, as the contract gives them. */
export async function expectRejectedForm(
  send: FormCall,
  schema: z.ZodType,
  payload: unknown,
  errors: Record<string, string>,
) {
  expectError(await send(payload), 400, { message: VALIDATION_FAILED_MESSAGE, errors });
  expect(errorsOf(schema, payload)).toEqual(errors);
}

/** Posts a create payload and checks the 400 carries exactly these errors. */
export function expectRejectedCreate(
  api: Pick<PeopleClient, 'post'>,
  create: { path: string; schema: z.ZodType },
  payload: unknown,
  errors: Record<string, string>,
) {
  return expectRejectedForm((body) => api.post(create.path, body), create.schema, payload, errors);
}

/** A deleted person's live access token is refused at once and their password signs in no more. */
export async function expectAccountGone(
  app: App,
  account: { accessToken: string; email: string; password: string },
) {
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: bearer(account.accessToken),
  });
  expectError(me, 401, { message: AUTH_MESSAGES.invalidToken });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  expectError(login, 401, { message: AUTH_MESSAGES.invalidCredentials });
}

// --- Payload structure, for the table-driven validation tests ---------------------------------

/** The dotted path of every leaf of a payload, array items by index. */
export function leafPaths(value: unknown, prefix: string[] = []): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => leafPaths(item, [...prefix, String(index)]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  }
  return [prefix.join('.')];
}

export const ABSENT = Symbol('absent');

/** A copy of the payload with the leaf at `path` replaced, or removed when `value` is ABSENT. */
export function withLeaf<T>(payload: T, path: string, value: unknown): T {
  const copy = structuredClone(payload);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let parent = copy as Record<string, unknown>;
  for (const key of keys) parent = parent[key] as Record<string, unknown>;
  if (value === ABSENT) delete parent[last];
  else parent[last] = value;
  return copy;
}
