import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'settings', [
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings'],
]);
