import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'audit', [['GET', '/api/admin/get-audit-log']]);
