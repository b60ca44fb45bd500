import {
  type Batch,
  type Branch,
  batchSchema,
  branchSchema,
  type Course,
  type CreateBranchInput,
  type CreateCourseInput,
  type CreateSectionInput,
  courseSchema,
  type Section,
  sectionSchema,
  successResponse,
} from '@examiq/contracts';
import { z } from 'zod';
import type { App } from '../app';
import { bearer } from './users';

export const VALID_COURSE = {
  name: 'B.Tech',
  fullName: 'Bachelor of Technology',
  totalSemesters: 8,
  durationYears: 4,
  courseType: 'UG',
} as const;

/** Calls the admin API as one signed-in admin, and creates master data through it. */
export function masterDataClient(app: App, accessToken: string) {
  let serial = 0;
  const unique = () => ++serial;

  function send(method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) {
    return app.inject({
      method,
      url: `/api/admin/${path}`,
      headers: bearer(accessToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const post = (path: string, payload?: unknown) => send('POST', path, payload);

  function get(path: string) {
    return app.inject({ method: 'GET', url: `/api/admin/${path}`, headers: bearer(accessToken) });
  }

  /** Fails the test unless the create answers 201 with the contract's envelope and record. */
  async function created<Data>(
    path: string,
    payload: unknown,
    record: z.ZodType<Data>,
  ): Promise<Data> {
    const response = await post(path, payload);
    if (response.statusCode !== 201) {
      throw new Error(`POST ${path} failed: ${response.statusCode} ${response.body}`);
    }
    const envelope = successResponse(z.unknown()).strict().parse(response.json());
    return record.parse(envelope.data);
  }

  return {
    post,
    get,
    put: (path: string, payload: unknown) => send('PUT', path, payload),
    delete: (path: string) => send('DELETE', path),
    batch: (startYear: number, endYear = startYear + 4): Promise<Batch> =>
      created('create-batch', { startYear, endYear }, batchSchema.strict()),
    course: (batchId: string, fields: Partial<CreateCourseInput> = {}): Promise<Course> =>
      created(
        'create-course',
        { ...VALID_COURSE, name: `Course ${unique()}`, batchId, ...fields },
        courseSchema.strict(),
      ),
    branch: (courseId: string, fields: Partial<CreateBranchInput> = {}): Promise<Branch> =>
      created(
        'create-branch',
        { name: 'Computer Science', code: `CS${unique()}`, courseId, ...fields },
        branchSchema.strict(),
      ),
    section: (branchId: string, fields: Partial<CreateSectionInput> = {}): Promise<Section> =>
      created(
        'create-section',
        { name: `S${unique()}`, capacity: 60, branchId, ...fields },
        sectionSchema.strict(),
      ),
  };
}

export type MasterDataClient = ReturnType<typeof masterDataClient>;
