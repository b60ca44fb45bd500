import { examListItemSchema, paginationSchema, successResponse } from '@examiq/contracts';
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { z } from 'zod';
import type { App } from '../app';
import { type MasterDataClient, masterDataClient } from './master-data';

export const createdExamResponse = successResponse(
  z.object({ exam: examListItemSchema.strict() }).strict(),
).strict();
export const examPageResponse = successResponse(
  z.object({ exams: examListItemSchema.strict().array(), pagination: paginationSchema.strict() }),
).strict();

/** A batch, course and branch with `sectionCount` sections, as the ids an exam payload names. */
export async function createAudience(
  masterData: MasterDataClient,
  startYear: number,
  sectionCount = 2,
) {
  const batch = await masterData.batch(startYear);
  const course = await masterData.course(batch._id);
  const branch = await masterData.branch(course._id);
  const sectionIds: string[] = [];
  for (let i = 0; i < sectionCount; i++) {
    sectionIds.push((await masterData.section(branch._id))._id);
  }
  return { batchId: batch._id, courseId: course._id, branchId: branch._id, sectionIds };
}
export type Audience = Awaited<ReturnType<typeof createAudience>>;

/** A valid exam for the audience: PROCTORING when faculty user ids are given, AUTO otherwise. */
export function examPayload(audience: Audience, assignedFacultyIds: string[] = []) {
  return validExamPayload({ ...audience, assignedFacultyIds });
}
export type ExamPayload = ReturnType<typeof examPayload>;

/** A valid AUTO exam except perhaps for its number of sections, all MCQ with unique names. */
export function mcqExam(
  audience: Audience,
  { sections, questionsPerSection }: { sections: number; questionsPerSection: number },
): ExamPayload {
  const examSections: ExamPayload['examSections'] = Array.from({ length: sections }, (_, i) => ({
    name: `Part ${i + 1}`,
    order: String(i + 1),
    marks: questionsPerSection,
    questionType: 'MCQ',
    totalQuestions: questionsPerSection,
    timeLimit: 30,
    isOptional: false,
    instructions: [],
  }));
  return {
    ...examPayload(audience),
    totalMarks: Math.min(sections * questionsPerSection, 200),
    examSections,
    questions: examSections.map(() =>
      Array.from({ length: questionsPerSection }, (_, i) => validQuestions.MCQ(i + 1)),
    ),
  };
}

/** Calls the exam routes as one signed-in admin. */
export function examsClient(app: App, accessToken: string) {
  const { post, get } = masterDataClient(app, accessToken);
  return {
    post,
    get,
    /** Fails the test unless the create answers 201 with the contract's envelope and record. */
    exam: async (payload: unknown) => {
      const response = await post('create-exam', payload);
      if (response.statusCode !== 201) {
        throw new Error(`POST create-exam failed: ${response.statusCode} ${response.body}`);
      }
      return createdExamResponse.parse(response.json()).data.exam;
    },
    /** One page of the list; `query` is the query string, e.g. 'page=2&limit=5'. */
    examPage: async (query = '') =>
      examPageResponse.parse((await get(`get-all-exam?${query}`)).json()).data,
  };
}
export type ExamsClient = ReturnType<typeof examsClient>;
