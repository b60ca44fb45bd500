import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('student', 'email preferences', [
  ['GET', '/api/student/get-email-preferences'],
  ['PUT', '/api/student/update-email-preferences'],
]);
