import { describeAdminRouteAccess } from '../../test/admin-access';

describeAdminRouteAccess('students', [
  ['POST', '/api/admin/create-student'],
  ['GET', '/api/admin/get-all-student'],
  ['GET', '/api/admin/get-student/{id}'],
  ['DELETE', '/api/admin/delete-student/{id}'],
]);
