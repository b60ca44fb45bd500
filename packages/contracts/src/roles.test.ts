import { describe, expect, it } from 'vitest';
import { homePathFor, normalizeRole } from './roles';

describe('roles', () => {
  it('compares roles case-insensitively', () => {
    expect(normalizeRole('ADMIN')).toBe('admin');
    expect(normalizeRole('Faculty')).toBe('faculty');
    expect(normalizeRole('student')).toBe('student');
  });

  it('sends each role to its own area and anything else to the landing page', () => {
    expect(homePathFor('Admin')).toBe('/admin');
    expect(homePathFor('FACULTY')).toBe('/faculty');
    expect(homePathFor('student')).toBe('/student');
    expect(homePathFor('registrar')).toBe('/');
    expect(homePathFor(undefined)).toBe('/');
  });
});
