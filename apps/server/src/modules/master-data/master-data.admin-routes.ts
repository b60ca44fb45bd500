import {
  batchSchema,
  branchesByCourseQuerySchema,
  branchListItemSchema,
  branchListQuerySchema,
  branchSchema,
  courseListItemSchema,
  courseListQuerySchema,
  courseSchema,
  coursesByBatchQuerySchema,
  createBatchSchema,
  createBranchSchema,
  createCourseSchema,
  createSectionSchema,
  masterDataCountsSchema,
  sectionListItemSchema,
  sectionListQuerySchema,
  sectionSchema,
  sectionsByBranchQuerySchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { createBatch, createBranch, createCourse, createSection } from './create-master-data';
import {
  countMasterData,
  listBatches,
  listBranches,
  listBranchesOfCourse,
  listCourses,
  listCoursesOfBatch,
  listSections,
  listSectionsOfBranch,
} from './master-data-lists';
import { MASTER_DATA_CREATED } from './master-data-records';

const TAGS = ['master-data'];

/** Batches, courses, branches and sections. Registered inside the admin scope, which guards it. */
export const masterDataAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.post(
    '/create-batch',
    {
      schema: {
        tags: TAGS,
        summary: 'Creates a batch from its start and end years',
        body: createBatchSchema,
        response: { 201: successResponse(batchSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createBatch(db, request.auth.userId, request.body);
      return reply.code(201).send(ok(data, MASTER_DATA_CREATED.batch));
    },
  );

  app.post(
    '/create-course',
    {
      schema: {
        tags: TAGS,
        summary: 'Creates a course in a batch',
        body: createCourseSchema,
        response: { 201: successResponse(courseSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createCourse(db, request.auth.userId, request.body);
      return reply.code(201).send(ok(data, MASTER_DATA_CREATED.course));
    },
  );

  app.post(
    '/create-branch',
    {
      schema: {
        tags: TAGS,
        summary: 'Creates a branch in a course',
        body: createBranchSchema,
        response: { 201: successResponse(branchSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createBranch(db, request.auth.userId, request.body);
      return reply.code(201).send(ok(data, MASTER_DATA_CREATED.branch));
    },
  );

  app.post(
    '/create-section',
    {
      schema: {
        tags: TAGS,
        summary: 'Creates a section in a branch',
        body: createSectionSchema,
        response: { 201: successResponse(sectionSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createSection(db, request.auth.userId, request.body);
      return reply.code(201).send(ok(data, MASTER_DATA_CREATED.section));
    },
  );

  app.get(
    '/get-batches',
    {
      schema: {
        tags: TAGS,
        summary: 'Lists every batch, newest start year first',
        response: { 200: successResponse(batchSchema.array()), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await listBatches(db)),
  );

  app.get(
    '/get-courses',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lists every course by name with its parents and path, or those under a batch; 400 when a parent does not exist',
        querystring: courseListQuerySchema,
        response: {
          200: successResponse(courseListItemSchema.array()),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listCourses(db, request.query)),
  );

  app.get(
    '/get-branches',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lists every branch by name with its parents and path, or those under a batch or course; 400 when a parent does not exist',
        querystring: branchListQuerySchema,
        response: {
          200: successResponse(branchListItemSchema.array()),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listBranches(db, request.query)),
  );

  app.get(
    '/get-sections',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lists every section by name with its parents and path, or those under a batch, course or branch; 400 when a parent does not exist',
        querystring: sectionListQuerySchema,
        response: {
          200: successResponse(sectionListItemSchema.array()),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listSections(db, request.query)),
  );

  app.get(
    '/get-courses-by-batch',
    {
      schema: {
        tags: TAGS,
        summary: 'Lists the courses of one batch by name; 404 when the batch does not exist',
        querystring: coursesByBatchQuerySchema,
        response: {
          200: successResponse(courseSchema.array()),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await listCoursesOfBatch(db, request.query.batchId)),
  );

  app.get(
    '/get-branches-by-course',
    {
      schema: {
        tags: TAGS,
        summary: 'Lists the branches of one course by name; 404 when the course does not exist',
        querystring: branchesByCourseQuerySchema,
        response: {
          200: successResponse(branchSchema.array()),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await listBranchesOfCourse(db, request.query.courseId)),
  );

  app.get(
    '/get-sections-by-branch',
    {
      schema: {
        tags: TAGS,
        summary: 'Lists the sections of one branch by name; 404 when the branch does not exist',
        querystring: sectionsByBranchQuerySchema,
        response: {
          200: successResponse(sectionSchema.array()),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await listSectionsOfBranch(db, request.query.branchId)),
  );

  app.get(
    '/get-master-data-counts',
    {
      schema: {
        tags: TAGS,
        summary: 'Counts the batches, courses, branches and sections',
        response: { 200: successResponse(masterDataCountsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await countMasterData(db)),
  );
};
