import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('student', 'proctored sitting', [
  ['POST', '/api/student/report-events/{attemptId}'],
  ['GET', '/api/student/get-messages/{attemptId}'],
  ['POST', '/api/student/send-message/{attemptId}'],
]);

describeRouteAccess('faculty', 'proctoring', [
  ['GET', '/api/faculty/get-monitor/{examId}'],
  ['GET', '/api/faculty/get-monitor-messages/{examId}'],
  ['POST', '/api/faculty/send-message'],
  ['POST', '/api/faculty/warn-student'],
  ['POST', '/api/faculty/grant-extra-time'],
  ['POST', '/api/faculty/end-attempt'],
  ['POST', '/api/faculty/review-alert'],
]);

describeRouteAccess('admin', 'proctoring review', [
  ['GET', '/api/admin/get-monitor/{examId}'],
  ['GET', '/api/admin/get-monitor-messages/{examId}'],
  ['POST', '/api/admin/send-message'],
  ['POST', '/api/admin/warn-student'],
  ['POST', '/api/admin/end-attempt'],
  ['POST', '/api/admin/review-alert'],
  ['GET', '/api/admin/get-attempt-timeline/{attemptId}'],
  ['GET', '/api/admin/get-proctored-exams-now'],
]);
