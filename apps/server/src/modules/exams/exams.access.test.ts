import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'exams', [
  ['POST', '/api/admin/create-exam'],
  ['GET', '/api/admin/get-all-exam'],
]);
