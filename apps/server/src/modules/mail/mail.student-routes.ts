import {
  EMAIL_PREFERENCES_MESSAGES,
  emailPreferencesSchema,
  successResponse,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';

const TAGS = ['email preferences'];

async function readPreferences(db: AppDatabase, userId: string) {
  const [account] = await db
    .select({ examReminders: users.examReminders })
    .from(users)
    .where(eq(users.id, userId));
  return { examReminders: account?.examReminders ?? true };
}

/**
 * The signed-in student's own email preferences: whether they are reminded of their exams (the
 * other exam messages are the institution's to switch). Registered inside the student scope,
 * which guards it.
 */
export const mailStudentRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.get(
    '/get-email-preferences',
    {
      schema: {
        tags: TAGS,
        summary:
          "The signed-in student's email preferences: whether they are mailed exam reminders",
        response: {
          200: successResponse(emailPreferencesSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ok(await readPreferences(db, request.auth.userId)),
  );

  app.put(
    '/update-email-preferences',
    {
      schema: {
        tags: TAGS,
        summary:
          'Turns exam reminders (a day and an hour before an exam opens) on or off for the signed-in student; the other exam messages still come',
        body: emailPreferencesSchema,
        response: {
          200: successResponse(emailPreferencesSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      await db
        .update(users)
        .set({ examReminders: request.body.examReminders })
        .where(eq(users.id, request.auth.userId));
      return ok(await readPreferences(db, request.auth.userId), EMAIL_PREFERENCES_MESSAGES.saved);
    },
  );
};
