import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'sign-in providers', [
  ['GET', '/api/admin/sign-in-providers'],
  ['POST', '/api/admin/create-sign-in-provider'],
  ['PUT', '/api/admin/update-sign-in-provider/{id}'],
  ['DELETE', '/api/admin/delete-sign-in-provider/{id}'],
]);
