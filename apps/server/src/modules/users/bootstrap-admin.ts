import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { generatePassword } from '../auth/passwords';
import { insertUser } from './users.service';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export type BootstrapOutcome =
  /** An admin already exists: nothing was changed. */
  | { kind: 'admin-exists' }
  | { kind: 'created'; email: string }
  | { kind: 'created-with-generated-password'; email: string; password: string }
  /** The email belongs to a non-admin account, so no admin could be created. */
  | { kind: 'email-taken'; email: string };

export interface BootstrapSettings {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
}

async function adminExists(db: AppDatabase): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return admin !== undefined;
}

function credentialsBox(email: string, password: string): string {
  const lines = [
    'ExamIQ created the first admin account.',
    '',
    `  Email:    ${email}`,
    `  Password: ${password}`,
    '',
    'This password is shown only once. You must change it',
    'when you first sign in.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border].join('\n');
}

/**
 * Makes sure an admin exists. With ADMIN_EMAIL and ADMIN_PASSWORD that account is created ready
 * to use, and start-up says so without repeating the password; otherwise a random password is generated, printed once, and must be changed at first
 * sign-in. Processes starting at once race on the email's unique index: only the winner prints.
 */
export async function bootstrapFirstAdmin(
  db: AppDatabase,
  settings: BootstrapSettings,
  print: (text: string) => void = (text) => process.stdout.write(`${text}\n`),
): Promise<BootstrapOutcome> {
  if (await adminExists(db)) return { kind: 'admin-exists' };

  const email = settings.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = settings.adminPassword ?? generatePassword();
  const created = await insertUser(db, {
    email,
    password,
    role: 'admin',
    isFirstLogin: settings.adminPassword === undefined,
  });

  if (!created) {
    if (await adminExists(db)) return { kind: 'admin-exists' };
    print(
      `No admin account exists and ${email} belongs to a non-admin account. Set ADMIN_EMAIL to another address, or run: npm run create-admin -- --email <email> --password <password>`,
    );
    return { kind: 'email-taken', email };
  }
  if (settings.adminPassword !== undefined) {
    print(
      `ExamIQ created the first admin account, ${created.email}. Sign in with the password set in ADMIN_PASSWORD.`,
    );
    return { kind: 'created', email: created.email };
  }

  print(credentialsBox(created.email, password));
  return { kind: 'created-with-generated-password', email: created.email, password };
}
