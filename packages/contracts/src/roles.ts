import { z } from 'zod';

export const ROLES = ['admin', 'faculty', 'student'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles are compared case-insensitively (spec section 6); anything else is no role. */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : null;
}

/** The home of each role's area; an unknown role goes to the landing page. */
export function homePathFor(role: unknown): string {
  const normalized = normalizeRole(role);
  return normalized ? `/${normalized}` : '/';
}
