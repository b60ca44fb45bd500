import {
  DEFAULT_INSTITUTION_SETTINGS,
  FACULTY_PROFILE_FIELD_KEYS,
  type InstitutionSettings,
  type InstitutionSettingsData,
  type InstitutionSettingsUpdate,
  type RequiredProfileFields,
  STUDENT_PROFILE_FIELD_KEYS,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { institutionSettings, users } from '../../db/schema';
import { recordAudit } from '../audit/audit';

type Reader = Pick<AppDatabase, 'select'>;

/** The institution's settings as saved, with the spec's rules where nothing was saved yet. */
export async function readSettings(db: Reader): Promise<InstitutionSettingsData> {
  const [row] = await db
    .select({
      maxExamDurationMinutes: institutionSettings.maxExamDurationMinutes,
      countAbsentAsZero: institutionSettings.countAbsentAsZero,
      invitationEmails: institutionSettings.invitationEmails,
      passwordResetEmails: institutionSettings.passwordResetEmails,
      examScheduledEmails: institutionSettings.examScheduledEmails,
      examReminderEmails: institutionSettings.examReminderEmails,
      resultsPublishedEmails: institutionSettings.resultsPublishedEmails,
      optionalStudentFields: institutionSettings.optionalStudentFields,
      optionalFacultyFields: institutionSettings.optionalFacultyFields,
      updatedAt: institutionSettings.updatedAt,
      updatedBy: users.email,
    })
    .from(institutionSettings)
    .leftJoin(users, eq(users.id, institutionSettings.updatedBy));
  if (!row) return { settings: DEFAULT_INSTITUTION_SETTINGS, updatedAt: null, updatedBy: null };
  const { updatedAt, updatedBy, optionalStudentFields, optionalFacultyFields, ...rest } = row;
  const settings: InstitutionSettings = {
    ...rest,
    requiredStudentFields: STUDENT_PROFILE_FIELD_KEYS.filter(
      (key) => !optionalStudentFields.includes(key),
    ),
    requiredFacultyFields: FACULTY_PROFILE_FIELD_KEYS.filter(
      (key) => !optionalFacultyFields.includes(key),
    ),
  };
  return { settings, updatedAt: updatedAt.toISOString(), updatedBy };
}

/** Which profile fields a student and a faculty member must have. */
export async function requiredProfileFields(db: Reader): Promise<RequiredProfileFields> {
  const { requiredStudentFields, requiredFacultyFields } = (await readSettings(db)).settings;
  return { requiredStudentFields, requiredFacultyFields };
}

/** The longest exam the institution allows, in minutes. */
export async function maxExamDuration(db: Reader): Promise<number> {
  return (await readSettings(db)).settings.maxExamDurationMinutes;
}

/** Whether the results' figures count a student who never started as a score of 0. */
export async function countsAbsentAsZero(db: Reader): Promise<boolean> {
  return (await readSettings(db)).settings.countAbsentAsZero;
}

/**
 * Saves the settings given, a required-fields list left out keeping the stored one; the audit
 * entry names each setting that changed, from what to what.
 */
export async function saveSettings(
  db: AppDatabase,
  actorUserId: string,
  update: InstitutionSettingsUpdate,
  now: Date,
): Promise<InstitutionSettingsData> {
  return db.transaction(async (tx) => {
    // The row lock makes concurrent saves record their changes one after the other.
    await tx.select().from(institutionSettings).for('update');
    const before = (await readSettings(tx)).settings;
    const settings: InstitutionSettings = {
      ...before,
      ...Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)),
    };
    const { requiredStudentFields, requiredFacultyFields, ...rest } = settings;
    const values = {
      ...rest,
      optionalStudentFields: STUDENT_PROFILE_FIELD_KEYS.filter(
        (key) => !requiredStudentFields.includes(key),
      ),
      optionalFacultyFields: FACULTY_PROFILE_FIELD_KEYS.filter(
        (key) => !requiredFacultyFields.includes(key),
      ),
      updatedAt: now,
      updatedBy: actorUserId,
    };
    await tx
      .insert(institutionSettings)
      .values(values)
      .onConflictDoUpdate({ target: institutionSettings.id, set: values });
    const changes = Object.fromEntries(
      (Object.keys(settings) as (keyof InstitutionSettings)[])
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(settings[key]))
        .map((key) => [key, { from: before[key], to: settings[key] }]),
    );
    await recordAudit(
      tx,
      actorUserId,
      {
        action: 'settings.update',
        recordType: 'settings',
        recordId: 'institution',
        recordLabel: 'Institution settings',
        summary:
          Object.keys(changes).length > 0
            ? `Changed ${Object.keys(changes).length === 1 ? 'a setting' : `${Object.keys(changes).length} settings`}`
            : 'Saved the settings unchanged',
        changes,
      },
      now,
    );
    return readSettings(tx);
  });
}
