import { homePathFor, normalizeRole, type Role } from '@examiq/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';

interface RequireRoleProps {
  allow: Role;
  children: ReactNode;
}

/**
 * Route guard (spec section 4): only signed-in users of role `allow` see `children`, and only once
 * they have replaced their default password.
 */
export function RequireRole({ allow, children }: RequireRoleProps) {
  const isLoading = useAuthStore((state) => state.isLoading);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const userRole = useAuthStore((state) => state.user?.role);
  const isFirstLogin = useAuthStore((state) => state.isFirstLogin);

  if (isLoading) {
    return (
      <div
        role="status"
        className="flex min-h-dvh items-center justify-center text-sm text-slate-500"
      >
        Loading...
      </div>
    );
  }
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  // The default password is replaced before anything else: typing an area's address skips nothing.
  if (isFirstLogin) return <Navigate to="/change-password" replace />;
  if (normalizeRole(userRole) !== allow) return <Navigate to={homePathFor(userRole)} replace />;
  return children;
}
