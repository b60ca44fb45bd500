import {
  ANSWER_FILE_MESSAGES,
  ANSWER_FILE_UPLOAD,
  ATTEMPT_MESSAGES,
  answerFileSchema,
  attemptIdParamSchema,
  EXAM_LIMITS,
  FILE_KIND_LABELS,
  successResponse,
} from '@examiq/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ApiError, FieldErrors } from '../../errors';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { acceptUploads, readUpload } from '../../plugins/uploads';
import { answerFileOf, checkedAnswerFile, storeAnswerFile } from './answer-files';
import { attemptById, cutoffAt, notFound, ownerOf, sectionDeadline } from './attempt-records';
import { currentPaper, isOnPaper, type PaperSection } from './exam-paper';

/** The upload's file and the question it answers; either missing is its field's error. */
async function uploadOf(request: FastifyRequest) {
  try {
    const { file, fields } = await readUpload(request, ANSWER_FILE_UPLOAD.fileField, {
      notMultipart: ANSWER_FILE_MESSAGES.noFile,
      tooLarge: ANSWER_FILE_MESSAGES.tooLarge(EXAM_LIMITS.uploadFileMb.max),
    });
    const questionId = fields[ANSWER_FILE_UPLOAD.questionField]?.trim().toLowerCase();
    const errors: Record<string, string> = {};
    if (!questionId) errors[ANSWER_FILE_UPLOAD.questionField] = ANSWER_FILE_MESSAGES.noQuestion;
    if (!file || file.bytes.length === 0) {
      errors[ANSWER_FILE_UPLOAD.fileField] = ANSWER_FILE_MESSAGES.noFile;
    }
    if (!file || !questionId || Object.keys(errors).length > 0) throw new FieldErrors(errors);
    return { file, questionId };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 413) {
      throw new FieldErrors({
        file: ANSWER_FILE_MESSAGES.tooLarge(EXAM_LIMITS.uploadFileMb.max),
      });
    }
    throw error;
  }
}

/**
 * Uploading a file as the answer to a question of the student's own attempt. Registered inside
 * the student scope, which guards it; multipart bodies are taken by this plugin's routes alone.
 */
export const answerFilesStudentRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  await acceptUploads(app, { maxBytes: ANSWER_FILE_UPLOAD.maxBytes, fields: 1 });

  app.post(
    '/upload-answer-file/:attemptId',
    {
      schema: {
        tags: ['sitting an exam'],
        summary: `Uploads a file as (part of) the answer to a file upload question of the student's attempt, until the deadline (plus the save grace). multipart/form-data with \`questionId\` and one \`file\`: of the question's kinds (${Object.values(FILE_KIND_LABELS).join(', ')}), decided from its bytes, and at most the question's size (any upload past ${EXAM_LIMITS.uploadFileMb.max} MB is cut off as it streams in). A photo's metadata (EXIF with GPS, XMP, comments) is removed. 201 for new bytes, 200 with the same \`_id\` for bytes already uploaded to this question (a retry); at most ${ANSWER_FILE_UPLOAD.maxStoredPerQuestion} files are kept per question. The answer lists the files it keeps through save-answers (\`fileIds\`)`,
        params: attemptIdParamSchema,
        response: {
          200: successResponse(answerFileSchema),
          201: successResponse(answerFileSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { attemptId } = request.params;
      const owner = await ownerOf(db, attemptId);
      if (!owner || owner.studentUserId !== request.auth.userId) {
        throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
      }
      const { file, questionId } = await uploadOf(request);
      const at = now();
      const cutoff = cutoffAt(at);
      const [[attempt], paper] = await Promise.all([
        attemptById(db).execute({ attemptId }),
        currentPaper(db, owner.examId),
      ]);
      if (!attempt) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
      if (attempt.status === 'SUBMITTED') {
        throw new ApiError(409, ATTEMPT_MESSAGES.alreadySubmitted);
      }
      if (attempt.deadlineAt < cutoff) throw new ApiError(409, ATTEMPT_MESSAGES.timeOver);
      const question = paper.questionById.get(questionId);
      if (!question || !isOnPaper(attempt.layout, question)) {
        throw new FieldErrors({ questionId: ATTEMPT_MESSAGES.questionNotInAttempt });
      }
      if (!question.upload) {
        throw new FieldErrors({ questionId: ANSWER_FILE_MESSAGES.notFileQuestion });
      }
      // As for a save: a timed section's questions are answered once it is opened, until its time.
      const section = paper.sectionById.get(question.sectionId) as PaperSection;
      if (section.timeLimit > 0) {
        const deadline = sectionDeadline(attempt, section.id);
        if (!deadline) throw new FieldErrors({ questionId: ATTEMPT_MESSAGES.sectionNotOpened });
        if (deadline < cutoff) throw new ApiError(409, ANSWER_FILE_MESSAGES.sectionClosed);
      }
      const checked = await checkedAnswerFile(file, question.upload);
      const { row, created } = await storeAnswerFile(
        db,
        { attemptId, questionId: question.id },
        checked,
        at,
      );
      return reply
        .code(created ? 201 : 200)
        .send(
          ok(
            answerFileOf(app.answerFileLinks, row, at),
            created ? ANSWER_FILE_MESSAGES.uploaded : ANSWER_FILE_MESSAGES.alreadyUploaded,
          ),
        );
    },
  );
};
