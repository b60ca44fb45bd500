import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'dashboard', [['GET', '/api/admin/overview']]);
