import {
  batchSchema,
  branchSchema,
  courseSchema,
  idParamSchema,
  MASTER_DATA_MESSAGES,
  messageResponseSchema,
  sectionSchema,
  successResponse,
  updateBatchSchema,
  updateBranchSchema,
  updateCourseSchema,
  updateSectionSchema,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import {
  deleteBatch,
  deleteBranch,
  deleteCourse,
  deleteSection,
  updateBatch,
  updateBranch,
  updateCourse,
  updateSection,
} from './master-data-changes.service';

const TAGS = ['master-data'];
type Kind = keyof typeof MASTER_DATA_MESSAGES;

function updateSchema<Body extends z.ZodType, Record extends z.ZodType>(
  kind: Kind,
  body: Body,
  record: Record,
) {
  return {
    tags: TAGS,
    summary: `Edits a ${kind} under its parent, with the rules of its create; sets its status`,
    params: idParamSchema,
    body,
    response: { 200: successResponse(record), ...errorResponses(400, 401, 403, 404, 409) },
  };
}

function deleteSchema(kind: Kind) {
  return {
    tags: TAGS,
    summary: `Deletes a ${kind} nothing uses; 409 naming what uses it otherwise`,
    params: idParamSchema,
    response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
  };
}

/** Edits and deletes of batches, courses, branches and sections, inside the admin scope. */
export const masterDataChangesAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.put(
    '/update-batch/:id',
    { schema: updateSchema('batch', updateBatchSchema, batchSchema) },
    async (request) =>
      ok(
        await updateBatch(db, request.auth.userId, request.params.id, request.body),
        MASTER_DATA_MESSAGES.batch.updated,
      ),
  );
  app.put(
    '/update-course/:id',
    { schema: updateSchema('course', updateCourseSchema, courseSchema) },
    async (request) =>
      ok(
        await updateCourse(db, request.auth.userId, request.params.id, request.body),
        MASTER_DATA_MESSAGES.course.updated,
      ),
  );
  app.put(
    '/update-branch/:id',
    { schema: updateSchema('branch', updateBranchSchema, branchSchema) },
    async (request) =>
      ok(
        await updateBranch(db, request.auth.userId, request.params.id, request.body),
        MASTER_DATA_MESSAGES.branch.updated,
      ),
  );
  app.put(
    '/update-section/:id',
    { schema: updateSchema('section', updateSectionSchema, sectionSchema) },
    async (request) =>
      ok(
        await updateSection(db, request.auth.userId, request.params.id, request.body),
        MASTER_DATA_MESSAGES.section.updated,
      ),
  );

  const removals = {
    batch: deleteBatch,
    course: deleteCourse,
    branch: deleteBranch,
    section: deleteSection,
  } satisfies Record<Kind, unknown>;
  for (const [kind, remove] of Object.entries(removals) as [Kind, typeof deleteBatch][]) {
    app.delete(`/delete-${kind}/:id`, { schema: deleteSchema(kind) }, async (request) => {
      await remove(db, request.auth.userId, request.params.id);
      return done(MASTER_DATA_MESSAGES[kind].deleted);
    });
  }
};
