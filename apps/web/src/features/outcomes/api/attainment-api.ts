import {
  courseAttainmentDataSchema,
  examAttainmentDataSchema,
  successResponse,
} from '@examiq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { useFileExport } from '@/lib/use-file-export';

const examResponseSchema = successResponse(examAttainmentDataSchema);
const courseResponseSchema = successResponse(courseAttainmentDataSchema);

/** GET /admin/get-co-attainment/{examId}: each outcome's attainment and the paper's Bloom's mix. */
export function useExamAttainment(examId: string) {
  return useQuery({
    queryKey: ['co-attainment', 'exam', examId],
    queryFn: async () => {
      const response = await apiClient.get(
        `/admin/get-co-attainment/${encodeURIComponent(examId)}`,
      );
      return parseResponse(examResponseSchema, response.data).data;
    },
  });
}

/** The term and section a course's report is for; blank is no bound. */
export interface CourseTerm {
  sectionId: string;
  from: string;
  to: string;
}

const termParams = ({ sectionId, from, to }: CourseTerm) => ({
  ...(sectionId ? { sectionId } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});

/** GET /admin/get-course-co-attainment/{courseId}?sectionId&from&to */
export function useCourseAttainment(courseId: string, term: CourseTerm) {
  return useQuery({
    queryKey: ['co-attainment', 'course', courseId, term],
    queryFn: async () => {
      const response = await apiClient.get(
        `/admin/get-course-co-attainment/${encodeURIComponent(courseId)}`,
        { params: termParams(term) },
      );
      return parseResponse(courseResponseSchema, response.data).data;
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/export-co-attainment/{examId}?format: the exam's report as a file, saved. */
export function useExportExamAttainment(examId: string, fileName: string) {
  return useFileExport(`/admin/export-co-attainment/${encodeURIComponent(examId)}`, fileName);
}

/** GET /admin/export-course-co-attainment/{courseId}?format&…: the course's report as a file. */
export function useExportCourseAttainment(courseId: string, term: CourseTerm) {
  return useFileExport(
    `/admin/export-course-co-attainment/${encodeURIComponent(courseId)}`,
    'co-attainment',
    termParams(term),
  );
}
