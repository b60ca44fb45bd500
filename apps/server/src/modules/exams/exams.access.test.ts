import { describeAdminRouteAccess } from '../../test/admin-access';

describeAdminRouteAccess('exams', [
  ['POST', '/api/admin/create-exam'],
  ['GET', '/api/admin/get-all-exam'],
]);
