import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, students, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { type MasterDataClient, masterDataClient } from '../test/master-data';
import { createPlacement, type PeopleClient, peopleClient, studentPayload } from '../test/people';
import { createSignedInUser } from '../test/users';

let t: TestApp;
let people: PeopleClient;
let masterData: MasterDataClient;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  people = peopleClient(t.app, admin.accessToken);
  masterData = masterDataClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

async function batchNames(): Promise<string[]> {
  const response = await people.get('get-batches');
  expect(response.statusCode).toBe(200);
  return response.json().data.map((batch: { name: string }) => batch.name);
}

// The admin's reads are answered again from memory while nothing commits: these are written
// outside the API, as another server process or a database tool would.
describe('answers of the admin reads', () => {
  it('show a row written outside the API as soon as it is committed', async () => {
    const before = await batchNames();
    expect(await batchNames()).toEqual(before);

    await t.database.db.insert(batches).values({ startYear: 2090, endYear: 2094 });

    expect(await batchNames()).toEqual(['2090-2094', ...before]);
  });

  it('follow a record removed or changed outside the API', async () => {
    const { student } = await people.student(
      studentPayload(await createPlacement(masterData, 2041)),
    );
    const url = `get-student/${student._id}`;
    expect((await people.get(url)).json().data.students[0].rollNumber).toBe(student.rollNumber);
    expect((await people.studentPage()).pagination.totalCount).toBe(1);

    await t.database.db
      .update(students)
      .set({ rollNumber: 'CHANGED-1' })
      .where(eq(students.id, student._id));
    expect((await people.get(url)).json().data.students[0].rollNumber).toBe('CHANGED-1');

    await t.database.db.delete(users).where(eq(users.id, student.userId._id));
    expect((await people.get(url)).statusCode).toBe(404);
    expect((await people.studentPage()).pagination.totalCount).toBe(0);
  });
});
