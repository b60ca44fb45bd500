import {
  AUDIT_MESSAGES,
  auditLogDataSchema,
  DATE_OUT_OF_RANGE_MESSAGE,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { bearer, createSignedInUser, createTestUser, type SignedInUser } from '../../test/users';
import { recordAudit } from './audit';

let t: TestApp;
let admin: SignedInUser;
let registrarId: string;
let registrarEmail: string;

const auditLogResponse = successResponse(auditLogDataSchema).strict();

/** Five entries a day apart, 20-24 November 2026, newest last: three by the registrar. */
const ENTRIES = [
  {
    day: 20,
    by: 'registrar',
    action: 'student.create',
    type: 'student',
    id: 's-1',
    label: 'Asha Rao',
  },
  {
    day: 21,
    by: 'registrar',
    action: 'student.update',
    type: 'student',
    id: 's-1',
    label: 'Asha Rao',
  },
  { day: 22, by: 'admin', action: 'batch.create', type: 'batch', id: 'b-1', label: '2024-2028' },
  {
    day: 23,
    by: 'registrar',
    action: 'student.delete',
    type: 'student',
    id: 's-2',
    label: 'Ravi K',
  },
  {
    day: 24,
    by: 'admin',
    action: 'exam.publish-results',
    type: 'exam',
    id: 'e-1',
    label: 'Physics',
  },
] as const;

const at = (day: number) => new Date(`2026-11-${day}T10:00:00.000Z`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  const registrar = await createTestUser(t.database.db, {
    role: 'admin',
    email: 'Registrar_Office@example.com',
  });
  registrarId = registrar.user.id;
  registrarEmail = registrar.email.toLowerCase();
  for (const entry of ENTRIES) {
    await recordAudit(
      t.database.db,
      entry.by === 'admin' ? admin.user.id : registrarId,
      {
        action: entry.action,
        recordType: entry.type,
        recordId: entry.id,
        recordLabel: entry.label,
        summary: `${entry.action} ${entry.label}`,
        ...(entry.action === 'student.update'
          ? { changes: { rollNumber: { from: 'R1', to: 'R2' } } }
          : {}),
      },
      at(entry.day),
    );
  }
});
afterAll(() => t.close());

function getLog(query = '', accessToken = admin.accessToken) {
  return t.app.inject({
    method: 'GET',
    url: `/api/admin/get-audit-log${query}`,
    headers: bearer(accessToken),
  });
}

/** The entries written above: the test's own sign-ins are security events, not data changes. */
async function days(query: string): Promise<number[]> {
  const response = await getLog(`${query || '?'}&kind=data`);
  expect(response.statusCode, response.body).toBe(200);
  return auditLogResponse
    .parse(response.json())
    .data.entries.map((entry) => new Date(entry.at).getUTCDate());
}

describe('GET /api/admin/get-audit-log', () => {
  it('lists entries newest first with who, what, the record, the summary and the changes', async () => {
    const response = await getLog('?kind=data');
    expect(response.statusCode).toBe(200);
    const { data } = auditLogResponse.parse(response.json());
    expect(data.entries.map((entry) => entry.action)).toEqual(
      ENTRIES.map((entry) => entry.action).reverse(),
    );
    expect(data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalCount: 5,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(data.entries[3]).toEqual({
      _id: expect.any(String),
      at: '2026-11-21T10:00:00.000Z',
      actor: { _id: registrarId, email: registrarEmail },
      action: 'student.update',
      recordType: 'student',
      recordId: 's-1',
      recordLabel: 'Asha Rao',
      summary: 'student.update Asha Rao',
      changes: { rollNumber: { from: 'R1', to: 'R2' } },
    });
    expect(data.entries[0]?.changes).toBeNull();
  });

  it('pages through the entries', async () => {
    const response = await getLog('?kind=data&page=2&limit=2');
    const { data } = auditLogResponse.parse(response.json());
    expect(data.entries.map((entry) => new Date(entry.at).getUTCDate())).toEqual([22, 21]);
    expect(data.pagination).toEqual({
      currentPage: 2,
      totalPages: 3,
      totalCount: 5,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(await days('?page=4&limit=2')).toEqual([]);
  });

  it('filters by part of who did it, in any case, taking % and _ literally', async () => {
    expect(await days('?actor=REGISTRAR')).toEqual([23, 21, 20]);
    expect(await days('?actor=registrar_office')).toEqual([23, 21, 20]);
    expect(await days('?actor=registrar%25office')).toEqual([]);
    expect(await days(`?actor=${encodeURIComponent(admin.email)}`)).toEqual([24, 22]);
    expect(await days('?actor=%27%22%5C%E2%9C%93')).toEqual([]);
    expect(await days('?actor=%20')).toEqual([24, 23, 22, 21, 20]);
    expect(await days('?actor=%00')).toEqual([24, 23, 22, 21, 20]);
    expect(await days('?actor=regis%00trar&recordId=s-%001')).toEqual([21, 20]);
  });

  it('filters by action, record type and record', async () => {
    expect(await days('?action=student.update')).toEqual([21]);
    expect(await days('?action=faculty.reset-password')).toEqual([]);
    expect(await days('?recordType=student')).toEqual([23, 21, 20]);
    expect(await days('?recordType=student&recordId=s-1')).toEqual([21, 20]);
    expect(
      await days('?recordType=student&recordId=s-1&actor=registrar&action=student.create'),
    ).toEqual([20]);
  });

  it('filters by a date range: whole days, or instants with their offset', async () => {
    expect(await days('?from=2026-11-21&to=2026-11-23')).toEqual([23, 22, 21]);
    expect(await days('?from=2026-11-23')).toEqual([24, 23]);
    expect(await days('?to=2026-11-20')).toEqual([20]);
    expect(await days('?from=2026-11-22T11:00:00%2B01:00&to=2026-11-22T10:00:00Z')).toEqual([22]);
    expect(await days('?from=2026-11-22T10:00:01Z')).toEqual([24, 23]);
  });

  it('refuses dates no column holds: year 0, also as an instant that falls in it in UTC', async () => {
    expectError(await getLog('?from=0000-01-01&to=0001-01-01T00:00:00%2B01:00'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { from: DATE_OUT_OF_RANGE_MESSAGE, to: DATE_OUT_OF_RANGE_MESSAGE },
    });
    expect(await days('?from=0001-01-01&to=9999-12-31')).toEqual([24, 23, 22, 21, 20]);
  });

  it('refuses filters it does not know, naming each field', async () => {
    expectError(
      await getLog(
        '?recordType=users&action=DROP%20TABLE&from=yesterday&to=2026-02-30&page=0&kind=logins',
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          kind: AUDIT_MESSAGES.kindInvalid,
          recordType: AUDIT_MESSAGES.recordTypeInvalid,
          action: AUDIT_MESSAGES.actionInvalid,
          from: AUDIT_MESSAGES.dateInvalid,
          to: AUDIT_MESSAGES.dateInvalid,
          page: 'Page must be a whole number of at least 1',
        },
      },
    );
    expectError(
      await getLog(`?actor=${'a'.repeat(255)}&recordId=${'1'.repeat(101)}&limit=101`),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          actor: AUDIT_MESSAGES.actorTooLong,
          recordId: AUDIT_MESSAGES.recordIdInvalid,
          limit: 'Limit must be a whole number from 1 to 100',
        },
      },
    );
  });

  it('refuses a range that ends before it starts', async () => {
    expectError(await getLog('?from=2026-11-22&to=2026-11-21'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { to: AUDIT_MESSAGES.rangeReversed },
    });
  });
});

describe('the audit log table', () => {
  it('refuses to change or delete an entry, even from SQL', async () => {
    await expect(
      t.database.db.execute(sql`update audit_log set summary = 'edited'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await days('?limit=100')).toHaveLength(ENTRIES.length);
  });
});
