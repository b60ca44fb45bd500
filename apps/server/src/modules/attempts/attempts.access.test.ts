import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('student', 'sitting an exam', [
  ['GET', '/api/student/get-my-exams'],
  ['GET', '/api/student/get-exam/{examId}'],
  ['POST', '/api/student/start-exam/{examId}'],
  ['GET', '/api/student/get-attempt/{attemptId}'],
  ['PUT', '/api/student/save-answers/{attemptId}'],
  ['POST', '/api/student/upload-answer-file/{attemptId}'],
  ['POST', '/api/student/open-section/{attemptId}'],
  ['POST', '/api/student/submit-exam/{attemptId}'],
]);

describeRouteAccess('admin', 'sittings', [
  ['GET', '/api/admin/get-exam-preview/{examId}'],
  ['GET', '/api/admin/get-exam-attempts/{examId}'],
  ['POST', '/api/admin/grant-extra-time'],
  ['POST', '/api/admin/end-exam-now/{examId}'],
  ['GET', '/api/admin/get-attempt-draw/{attemptId}'],
]);
