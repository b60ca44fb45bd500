import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'accounts', [
  ['POST', '/api/admin/set-account-status'],
  ['POST', '/api/admin/reset-password'],
  ['POST', '/api/admin/resend-invitation'],
]);
