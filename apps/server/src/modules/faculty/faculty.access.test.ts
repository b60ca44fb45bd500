import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'faculty', [
  ['POST', '/api/admin/create-faculty'],
  ['GET', '/api/admin/get-all-faculty'],
  ['GET', '/api/admin/get-faculty/{id}'],
  ['PUT', '/api/admin/update-faculty/{id}'],
  ['DELETE', '/api/admin/delete-faculty/{id}'],
  ['GET', '/api/admin/get-faculty-options'],
]);
