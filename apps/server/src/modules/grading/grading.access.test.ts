import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('faculty', 'grading', [
  ['GET', '/api/faculty/get-my-exams'],
  ['GET', '/api/faculty/get-answers-to-grade/{examId}'],
  ['POST', '/api/faculty/grade-answer'],
]);

describeRouteAccess('admin', 'evaluators', [
  ['GET', '/api/admin/get-exam-evaluators/{examId}'],
  ['PUT', '/api/admin/set-exam-evaluators/{examId}'],
]);
