import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'outcomes', [
  ['GET', '/api/admin/get-co-attainment/{examId}'],
  ['GET', '/api/admin/get-course-co-attainment/{courseId}'],
  ['GET', '/api/admin/export-co-attainment/{examId}'],
  ['GET', '/api/admin/export-course-co-attainment/{courseId}'],
]);
