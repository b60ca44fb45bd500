import { describe, expect, it } from 'vitest';
import { isAcceptableIssuer, isLocalPath, splitDomains } from './sign-in-providers';

describe('a return path after signing in', () => {
  it.each(['/', '/admin', '/student/exams?page=2', '/faculty#monitor', '/a/b%2F'])(
    'takes the local path %j',
    (path) => expect(isLocalPath(path)).toBe(true),
  );

  it.each([
    '',
    'admin',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/ /evil',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '\\\\evil.example',
  ])('refuses %j, which could leave the site', (path) => expect(isLocalPath(path)).toBe(false));
});

describe('an issuer URL', () => {
  it.each([
    'https://accounts.google.com',
    'https://login.microsoftonline.com/tenant-id/v2.0',
    'https://keycloak.college.edu:8443/realms/staff',
    'http://localhost:8080/realms/dev',
    'http://127.0.0.1:41234',
  ])('takes %j', (issuer) => expect(isAcceptableIssuer(issuer)).toBe(true));

  it.each([
    'http://idp.college.edu',
    'https://idp.college.edu/?tenant=1',
    'https://idp.college.edu/#x',
    'https://user:pass@idp.college.edu',
    'ftp://idp.college.edu',
    'idp.college.edu',
  ])('refuses %j', (issuer) => expect(isAcceptableIssuer(issuer)).toBe(false));
});

it('splits allowed domains typed with commas, spaces or new lines', () => {
  expect(splitDomains(' college.edu,staff.college.edu\nlab.college.edu  ,')).toEqual([
    'college.edu',
    'staff.college.edu',
    'lab.college.edu',
  ]);
});
