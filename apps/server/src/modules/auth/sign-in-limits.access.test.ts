import { describeRouteAccess } from '../../test/route-access';

describeRouteAccess('admin', 'sign-in-limits', [['GET', '/api/admin/get-slowed-sign-ins']]);
