import {
  bankCategoriesDataSchema,
  bankCoursesDataSchema,
  courseOutcomesDataSchema,
  successResponse,
} from '@examiq/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

/**
 * The question banks' look-ups, read by the bank's own screens and by the exam wizard's drawn
 * sections alike. Admins and faculty call the same paths, each under their own area.
 */
export type BankArea = 'admin' | 'faculty';

/** Every bank query starts with this key, so a saved question refreshes lists and counts. */
export const bankQueryKey = ['question-bank'] as const;

const coursesResponseSchema = successResponse(bankCoursesDataSchema);
const categoriesResponseSchema = successResponse(bankCategoriesDataSchema);
const outcomesResponseSchema = successResponse(courseOutcomesDataSchema);

/** GET /{area}/get-bank-courses: the courses whose bank the user works in. */
export function useBankCourses(area: BankArea) {
  return useQuery({
    queryKey: [...bankQueryKey, area, 'courses'],
    queryFn: async () => {
      const response = await apiClient.get(`/${area}/get-bank-courses`);
      return parseResponse(coursesResponseSchema, response.data).data.courses;
    },
  });
}

/** GET /{area}/get-bank-categories/{courseId}: the course's category tree with its counts. */
export function useBankCategories(area: BankArea, courseId: string) {
  return useQuery({
    queryKey: [...bankQueryKey, area, courseId, 'categories'],
    queryFn: async () => {
      const response = await apiClient.get(`/${area}/get-bank-categories/${courseId}`);
      return parseResponse(categoriesResponseSchema, response.data).data.categories;
    },
    enabled: courseId !== '',
  });
}

/** GET /{area}/get-course-outcomes/{courseId}: the course's outcomes in order and its level bands. */
export function useCourseOutcomes(area: BankArea, courseId: string) {
  return useQuery({
    queryKey: [...bankQueryKey, area, courseId, 'outcomes'],
    queryFn: async () => {
      const response = await apiClient.get(`/${area}/get-course-outcomes/${courseId}`);
      return parseResponse(outcomesResponseSchema, response.data).data;
    },
    enabled: courseId !== '',
  });
}
