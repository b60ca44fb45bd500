import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'reports', [
  ['GET', '/api/admin/get-exam-report/{examId}'],
  ['GET', '/api/admin/export-exam-results/{examId}'],
  ['GET', '/api/admin/export-exam-answers/{examId}'],
  ['POST', '/api/admin/regrade-question/{examId}'],
  ['GET', '/api/admin/get-regrade-job/{jobId}'],
]);
