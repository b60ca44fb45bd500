import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { masterDataClient } from '../test/master-data';
import { createPlacement, peopleClient, studentPayload, uniqueCode } from '../test/people';
import { createSignedInUser } from '../test/users';
import { errorBodyProblem } from './support';

/** Several rounds, so a race the database does not guard has more than one chance to show. */
const ROUNDS = 5;

let t: TestApp;
let admins: [ReturnType<typeof peopleClient>, ReturnType<typeof peopleClient>];
let masterData: [ReturnType<typeof masterDataClient>, ReturnType<typeof masterDataClient>];
beforeAll(async () => {
  t = await createTestApp();
  const [one, two] = await Promise.all([
    createSignedInUser(t.app, t.database.db, 'admin'),
    createSignedInUser(t.app, t.database.db, 'admin'),
  ]);
  admins = [peopleClient(t.app, one.accessToken), peopleClient(t.app, two.accessToken)];
  masterData = [masterDataClient(t.app, one.accessToken), masterDataClient(t.app, two.accessToken)];
});
afterAll(() => t.close());

async function expectOneWinner(responses: { statusCode: number; body: string }[]) {
  expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  const loser = responses.find((response) => response.statusCode === 409);
  expect(errorBodyProblem(loser?.body ?? '')).toBeNull();
}

describe(`two admins at the same moment (${TEST_ENGINE})`, () => {
  it('create one student when both use the same email', async () => {
    const placement = await createPlacement(masterData[0], 2030);
    for (let round = 0; round < ROUNDS; round += 1) {
      const payload = studentPayload(placement);
      const responses = await Promise.all([
        admins[0].post('create-student', payload),
        admins[1].post('create-student', { ...payload, rollNumber: uniqueCode('ROLL') }),
      ]);
      await expectOneWinner(responses);
    }
  });

  it('create one batch when both send the same years', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const years = { startYear: 2040 + round, endYear: 2044 + round };
      await expectOneWinner(
        await Promise.all([
          masterData[0].post('create-batch', years),
          masterData[1].post('create-batch', years),
        ]),
      );
    }
  });
});
