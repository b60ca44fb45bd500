import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'students', [
  ['POST', '/api/admin/create-student'],
  ['GET', '/api/admin/get-all-student'],
  ['GET', '/api/admin/get-student/{id}'],
  ['PUT', '/api/admin/update-student/{id}'],
  ['DELETE', '/api/admin/delete-student/{id}'],
]);
