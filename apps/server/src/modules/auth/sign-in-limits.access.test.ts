import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'sign-in-limits', [['GET', '/api/admin/slowed-sign-ins']]);
