import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { createTestUser } from '../../test/users';
import { verifyPassword } from '../auth/passwords';
import { bootstrapFirstAdmin, DEFAULT_ADMIN_EMAIL } from './bootstrap-admin';

let database: Database;
let printed: string[];
const print = (text: string) => printed.push(text);

beforeEach(async () => {
  database = await createTestDatabase();
  printed = [];
});
afterEach(() => database.close());

async function admins() {
  return database.db.select().from(users).where(eq(users.role, 'admin'));
}

describe('bootstrapFirstAdmin', () => {
  it('creates the configured admin, ready to use, and says so without the password', async () => {
    const outcome = await bootstrapFirstAdmin(
      database.db,
      { adminEmail: 'Head@School.example', adminPassword: 'Configured-pass-1' },
      print,
    );
    expect(outcome).toEqual({ kind: 'created', email: 'head@school.example' });
    const [admin] = await admins();
    expect(admin).toMatchObject({ email: 'head@school.example', isFirstLogin: false });
    expect(await verifyPassword(admin?.passwordHash ?? '', 'Configured-pass-1')).toBe(true);
    expect(printed).toEqual([
      'ExamIQ created the first admin account, head@school.example. Sign in with the password set in ADMIN_PASSWORD.',
    ]);
  });

  it('otherwise creates admin@example.com with a random password printed once', async () => {
    const outcome = await bootstrapFirstAdmin(database.db, {}, print);
    if (outcome.kind !== 'created-with-generated-password') throw new Error(outcome.kind);
    expect(outcome.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(outcome.password).toMatch(/^[A-Za-z0-9]{20}$/);

    const [admin] = await admins();
    expect(admin).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, isFirstLogin: true });
    expect(await verifyPassword(admin?.passwordHash ?? '', outcome.password)).toBe(true);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(DEFAULT_ADMIN_EMAIL);
    expect(printed[0]).toContain(outcome.password);
    expect(printed[0]).toMatch(/change it/);

    expect(await bootstrapFirstAdmin(database.db, {}, print)).toEqual({ kind: 'admin-exists' });
    expect(printed).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL alone with a generated password', async () => {
    const outcome = await bootstrapFirstAdmin(
      database.db,
      { adminEmail: 'it@school.example' },
      print,
    );
    expect(outcome).toMatchObject({
      kind: 'created-with-generated-password',
      email: 'it@school.example',
    });
    expect(printed[0]).toContain('it@school.example');
  });

  it('leaves an existing admin alone, even with other settings', async () => {
    await createTestUser(database.db, { role: 'admin' });
    const outcome = await bootstrapFirstAdmin(
      database.db,
      { adminEmail: 'new@school.example', adminPassword: 'Configured-pass-1' },
      print,
    );
    expect(outcome).toEqual({ kind: 'admin-exists' });
    expect(await admins()).toHaveLength(1);
  });

  it('creates one admin and prints one password when two processes start at once', async () => {
    const outcomes = await Promise.all([
      bootstrapFirstAdmin(database.db, {}, print),
      bootstrapFirstAdmin(database.db, {}, print),
    ]);
    expect(await admins()).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome.kind === 'created-with-generated-password'),
    ).toHaveLength(1);
    expect(printed).toHaveLength(1);
  });

  it('says so when the email belongs to a non-admin account', async () => {
    await createTestUser(database.db, { role: 'faculty', email: DEFAULT_ADMIN_EMAIL });
    const outcome = await bootstrapFirstAdmin(database.db, {}, print);
    expect(outcome).toEqual({ kind: 'email-taken', email: DEFAULT_ADMIN_EMAIL });
    expect(printed[0]).toContain('ADMIN_EMAIL');
    expect(await admins()).toHaveLength(0);
  });
});
