import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'results', [
  ['GET', '/api/admin/get-exam-results/{examId}'],
  ['POST', '/api/admin/publish-results/{examId}'],
  ['GET', '/api/admin/get-result-statuses'],
]);

describeRouteAccess('student', 'my results', [['GET', '/api/student/get-result/{examId}']]);
