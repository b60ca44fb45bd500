import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'results', [
  ['GET', '/api/admin/get-exam-results/{examId}'],
  ['POST', '/api/admin/publish-results/{examId}'],
  ['GET', '/api/admin/get-result-statuses'],
  ['GET', '/api/admin/get-student-exams/{id}'],
]);

describeRouteAccess('student', 'my results', [['GET', '/api/student/get-result/{examId}']]);
