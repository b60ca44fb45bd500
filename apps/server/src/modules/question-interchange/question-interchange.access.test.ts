import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'question-interchange', [
  ['POST', '/api/admin/parse-questions'],
  ['GET', '/api/admin/export-exam-questions/{examId}'],
]);
