import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'exams', [
  ['POST', '/api/admin/create-exam'],
  ['GET', '/api/admin/get-all-exam'],
  ['GET', '/api/admin/get-exam/{id}'],
  ['PUT', '/api/admin/update-exam/{id}'],
  ['DELETE', '/api/admin/delete-exam/{id}'],
  ['POST', '/api/admin/duplicate-exam/{id}'],
]);
