import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_MESSAGES,
  EXAM_MESSAGES,
  examDetailDataSchema,
  examReportDataSchema,
  examResultsDataSchema,
  monitorDataSchema,
  myExamsDataSchema,
  sittingsDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../security/support';
import { expectError } from '../../test/errors';
import { createdExamResponse } from '../../test/exams';
import { type MasterDataClient, masterDataClient } from '../../test/master-data';
import { peopleClient, studentPayload } from '../../test/people';
import { localDate, sittingSuite, studentClient } from '../../test/sittings';
import { bearer, createSignedInUser, signInFirstTime } from '../../test/users';
import { UNKNOWN_AUDIENCE } from './check-exam';

const suite = sittingSuite();
const detailResponse = successResponse(examDetailDataSchema.strict()).strict();
const myExamsResponse = successResponse(myExamsDataSchema);

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
  token = suite.fixture.admin.accessToken,
) {
  return suite.t.app.inject({
    method,
    url: `/api/admin/${path}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A branch of a course with its sections, as an added group of the payload names it. */
async function branchGroup(
  masterData: MasterDataClient,
  courseId: string,
  code: string,
  sectionCount = 1,
) {
  const branch = await masterData.branch(courseId, { code });
  const sectionIds: string[] = [];
  for (let i = 0; i < sectionCount; i++) {
    const name = String.fromCharCode(65 + i);
    sectionIds.push((await masterData.section(branch._id, { name }))._id);
  }
  return { courseId, branchId: branch._id, sectionIds };
}
type Group = Awaited<ReturnType<typeof branchGroup>>;

let masterData: MasterDataClient;
/** A branch of another course of the fixture's batch. */
let ece: Group;
/** A second branch of the fixture's own course. */
let mech: Group;
/** A branch of the same batch that no exam here is for. */
let civil: Group;
/** A branch of another batch. */
let elsewhere: Group;

beforeAll(async () => {
  masterData = masterDataClient(suite.t.app, suite.fixture.admin.accessToken);
  const { audience } = suite.fixture;
  const otherCourse = await masterData.course(audience.batchId, { name: 'M.Tech' });
  ece = await branchGroup(masterData, otherCourse._id, 'ECE', 2);
  mech = await branchGroup(masterData, audience.courseId, 'ME');
  civil = await branchGroup(masterData, otherCourse._id, 'CE');
  const otherBatch = await masterData.batch(2031);
  const otherBatchCourse = await masterData.course(otherBatch._id, { name: 'B.Sc' });
  elsewhere = await branchGroup(masterData, otherBatchCourse._id, 'PH');
});

/** A student placed in a group's first section, signed in. */
async function studentOf(group: Group) {
  const people = peopleClient(suite.t.app, suite.fixture.admin.accessToken);
  const payload = studentPayload({
    batch: '2024-2028',
    course: group.courseId,
    branch: group.branchId,
    section: group.sectionIds[0] ?? '',
  });
  const { student: record, defaultPassword } = await people.student(payload);
  const { tokens } = await signInFirstTime(suite.t.app, payload.email, defaultPassword);
  return { ...studentClient(suite.t.app, tokens.accessToken), record };
}

/** A published AUTO exam of the fixture's section A, open today, with the groups given. */
function payload(additionalAudiences: unknown) {
  const { audience, inSection } = suite.fixture;
  const today = localDate(suite.clock.now());
  return {
    ...validExamPayload({ ...audience, sectionIds: [inSection.A], examStatus: 'PUBLISH' }),
    scheduleDetails: {
      startDate: today,
      endDate: today,
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    additionalAudiences,
  };
}

async function created(additionalAudiences: unknown, examStatus = 'PUBLISH') {
  const response = await call('POST', 'create-exam', {
    ...payload(additionalAudiences),
    examStatus,
  });
  expect(response.statusCode, response.body).toBe(201);
  return createdExamResponse.parse(response.json()).data.exam;
}

async function detailOf(id: string) {
  const response = await call('GET', `get-exam/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return detailResponse.parse(response.json()).data.exam;
}

const groupOf = ({ courseId, branchId, sectionIds }: Group) => ({
  courseId,
  branchId,
  sectionIds: [...sectionIds].sort(),
});
const sortedGroups = (groups: Group[]) =>
  groups.map(groupOf).sort((a, b) => a.branchId.localeCompare(b.branchId));

describe('an exam for several branches', () => {
  it('lets a student of an added branch see and sit it, and no one of a branch not chosen', async () => {
    const exam = await created([ece]);
    const inEce = await studentOf(ece);
    const inCivil = await studentOf(civil);

    const mine = myExamsResponse.parse((await inEce.call('GET', 'get-my-exams')).json()).data;
    expect(mine.exams.map((item) => item._id)).toContain(exam._id);
    const started = await inEce.start(exam._id);
    expect(started.attempt.status).toBe('IN_PROGRESS');

    const theirs = myExamsResponse.parse((await inCivil.call('GET', 'get-my-exams')).json()).data;
    expect(theirs.exams.map((item) => item._id)).not.toContain(exam._id);
    expectError(await inCivil.call('POST', `start-exam/${exam._id}`), 403, {
      message: ATTEMPT_MESSAGES.notYourSection,
    });
  });

  it('answers the groups back apart from the first, with their names', async () => {
    const exam = await created([ece, mech]);
    const detail = await detailOf(exam._id);
    const { audience, inSection } = suite.fixture;
    expect(detail.branchId).toBe(audience.branchId);
    expect(detail.sectionIds).toEqual([inSection.A]);
    expect(sortedGroups(detail.additionalAudiences as Group[])).toEqual(sortedGroups([ece, mech]));
    expect(detail.audience.groups).toHaveLength(3);
    expect(detail.audience.groups[0]).toEqual({
      course: detail.audience.course,
      branch: detail.audience.branch,
      sections: detail.audience.sections,
    });
    expect(detail.audience.groups.slice(1)).toEqual(
      expect.arrayContaining([
        {
          course: 'Bachelor of Technology',
          branch: 'Computer Science (ECE)',
          sections: ['A', 'B'],
        },
        { course: 'Bachelor of Technology', branch: 'Computer Science (ME)', sections: ['A'] },
      ]),
    );
  });

  it('leaves the spec payload one group: no added groups are answered', async () => {
    const { additionalAudiences: _none, ...spec } = payload([]);
    const response = await call('POST', 'create-exam', spec);
    expect(response.statusCode, response.body).toBe(201);
    const detail = await detailOf(createdExamResponse.parse(response.json()).data.exam._id);
    expect(detail.additionalAudiences).toEqual([]);
    expect(detail.audience.groups).toHaveLength(1);
  });

  it('refuses groups that do not nest in the exam’s batch, each on its field, storing nothing', async () => {
    const before = await countRows(suite.t.database.db);
    const { audience, inSection } = suite.fixture;
    expectError(
      await call(
        'POST',
        'create-exam',
        payload([
          { ...ece, courseId: elsewhere.courseId },
          { ...civil, courseId: audience.courseId },
          { ...mech, sectionIds: [mech.sectionIds[0], ece.sectionIds[0]] },
          { courseId: randomUUID(), branchId: randomUUID(), sectionIds: [randomUUID()] },
          { ...elsewhere },
        ]),
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'additionalAudiences.0.courseId': EXAM_MESSAGES.courseNotInBatch,
          'additionalAudiences.0.branchId': EXAM_MESSAGES.branchNotInCourse,
          'additionalAudiences.1.branchId': EXAM_MESSAGES.branchNotInCourse,
          'additionalAudiences.2.sectionIds.1': EXAM_MESSAGES.sectionNotInBranch,
          'additionalAudiences.3.courseId': UNKNOWN_AUDIENCE.course,
          'additionalAudiences.3.branchId': UNKNOWN_AUDIENCE.branch,
          'additionalAudiences.3.sectionIds.0': UNKNOWN_AUDIENCE.section,
          'additionalAudiences.4.courseId': EXAM_MESSAGES.courseNotInBatch,
        },
      },
    );
    expectError(await call('POST', 'create-exam', payload([{ ...mech, sectionIds: [] }])), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'additionalAudiences.0.sectionIds': 'Section is required' },
    });
    expectError(
      await call(
        'POST',
        'create-exam',
        payload([
          ece,
          { courseId: audience.courseId, branchId: audience.branchId, sectionIds: [inSection.B] },
          ece,
        ]),
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'additionalAudiences.1.branchId': 'This branch is already in the audience',
          'additionalAudiences.2.branchId': 'This branch is already in the audience',
        },
      },
    );
    expect(await countRows(suite.t.database.db)).toEqual(before);
  });

  it('saves the groups anew on update, and copies them with the exam', async () => {
    const exam = await created([ece], 'DRAFT');
    const inEce = await studentOf(ece);
    const inMech = await studentOf(mech);
    const updated = await call('PUT', `update-exam/${exam._id}`, {
      ...payload([mech]),
      examStatus: 'DRAFT',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await detailOf(exam._id)).additionalAudiences).toEqual([groupOf(mech)]);
    expectError(await call('PUT', `update-exam/${exam._id}`, payload([elsewhere])), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'additionalAudiences.0.courseId': EXAM_MESSAGES.courseNotInBatch },
    });
    const published = await call('PUT', `update-exam/${exam._id}`, payload([mech]));
    expect(published.statusCode, published.body).toBe(200);
    const eceSees = myExamsResponse.parse((await inEce.call('GET', 'get-my-exams')).json()).data;
    expect(eceSees.exams.map((item) => item._id)).not.toContain(exam._id);
    const mechSees = myExamsResponse.parse((await inMech.call('GET', 'get-my-exams')).json()).data;
    expect(mechSees.exams.map((item) => item._id)).toContain(exam._id);

    const copy = await call('POST', `duplicate-exam/${exam._id}`);
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = await detailOf(createdExamResponse.parse(copy.json()).data.exam._id);
    expect(copied.additionalAudiences).toEqual([groupOf(mech)]);
  });

  it('answers 401 without a token, 403 for a student and 404 for an unknown exam', async () => {
    const body = payload([ece]);
    expect((await call('POST', 'create-exam', body, '')).statusCode).toBe(401);
    const student = await createSignedInUser(suite.t.app, suite.t.database.db, 'student');
    expect((await call('POST', 'create-exam', body, student.accessToken)).statusCode).toBe(403);
    expect((await call('PUT', `update-exam/${randomUUID()}`, body)).statusCode).toBe(404);
  });

  it('keeps the section, branch and course of an added group from being deleted', async () => {
    const course = await masterData.course(suite.fixture.audience.batchId, { name: 'BBA' });
    const group = await branchGroup(masterData, course._id, 'FIN');
    await created([group]);
    for (const [path, kind] of [
      [`delete-section/${group.sectionIds[0]}`, 'section'],
      [`delete-branch/${group.branchId}`, 'branch'],
      [`delete-course/${group.courseId}`, 'course'],
    ] as const) {
      const response = await masterData.delete(path);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toMatch(new RegExp(`(^| and )1 exams? uses? this ${kind}$`));
    }
  });
});

describe('the students of an exam for several branches, by section', () => {
  const sittingsResponse = successResponse(sittingsDataSchema);
  const resultsResponse = successResponse(examResultsDataSchema);

  it('name each student’s section in the sittings and results, filter by one, and report on each', async () => {
    const exam = await created([ece]);
    const inA = await suite.fixture.student(suite.fixture.inSection.A);
    const inEce = await studentOf(ece);
    for (const client of [inA.client, inEce]) {
      const { attempt } = await client.start(exam._id);
      await client.submit(attempt._id);
    }
    const [eceA, eceB] = ece.sectionIds;
    const first = {
      _id: suite.fixture.inSection.A,
      label: expect.stringMatching(/^CS\d+ · S\d+$/),
    };
    const sectionsOfExam = [
      first,
      { _id: eceA, label: 'ECE · A' },
      { _id: eceB, label: 'ECE · B' },
    ];

    const read = async (path: string, query: string) => {
      const response = await call('GET', `${path}/${exam._id}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const sittings = sittingsResponse.parse(await read('get-exam-attempts', '')).data;
    expect(sittings.audienceSections).toEqual(sectionsOfExam);
    const sectionOf = (rows: { student: { _id: string; section: string } }[], id: string) =>
      rows.find((row) => row.student._id === id)?.student.section;
    expect(sectionOf(sittings.attempts, inA.record._id)).toMatch(/^CS\d+ · S\d+$/);
    expect(sectionOf(sittings.attempts, inEce.record._id)).toBe('ECE · A');
    const eceOnly = sittingsResponse.parse(await read('get-exam-attempts', `section=${eceA}`));
    expect(new Set(eceOnly.data.attempts.map((row) => row.student.section))).toEqual(
      new Set(['ECE · A']),
    );
    expect(sectionOf(eceOnly.data.attempts, inEce.record._id)).toBe('ECE · A');
    expect(eceOnly.data.pagination.totalCount).toBeLessThan(sittings.pagination.totalCount);

    const results = resultsResponse.parse(await read('get-exam-results', '')).data;
    expect(results.audienceSections).toEqual(sectionsOfExam);
    expect(results.results).toHaveLength(2);
    const firstOnly = resultsResponse.parse(
      await read('get-exam-results', `section=${suite.fixture.inSection.A}`),
    ).data;
    expect(firstOnly.results.map((row) => row.student._id)).toEqual([inA.record._id]);
    expect(firstOnly.pagination.totalCount).toBe(1);
    // The figures stay the whole exam's.
    expect(firstOnly.summary.submitted).toBe(2);

    const report = successResponse(examReportDataSchema).parse(
      await read('get-exam-report', ''),
    ).data;
    const figuresOf = (id: string | undefined) =>
      report.audienceSections.find((row) => row._id === id);
    // Nothing was answered: each attempt scores 0 and fails.
    expect(figuresOf(eceA)).toEqual({
      _id: eceA,
      label: 'ECE · A',
      submitted: 1,
      average: 0,
      passRate: 0,
    });
    expect(figuresOf(eceB)).toEqual({
      _id: eceB,
      label: 'ECE · B',
      submitted: 0,
      average: null,
      passRate: null,
    });
    expect(figuresOf(suite.fixture.inSection.A)?.submitted).toBeGreaterThanOrEqual(1);

    for (const path of ['get-exam-attempts', 'get-exam-results']) {
      expectError(await call('GET', `${path}/${exam._id}?section=CSE`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { section: 'Please select a valid section' },
      });
    }
  });
});

describe('the proctors’ monitor of an exam for several branches', () => {
  it('names each student’s section', async () => {
    const { userId } = await suite.fixture.faculty();
    const exam = await suite.fixture.exam({
      examMode: 'PROCTORING',
      assignedFacultyIds: [userId],
      scheduleDetails: {
        examDate: localDate(suite.clock.now()),
        startTime: '09:30',
        endTime: '11:00',
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
      additionalAudiences: [ece],
    });
    const inEce = await studentOf(ece);
    const response = await call('GET', `get-monitor/${exam._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { students } = successResponse(monitorDataSchema).parse(response.json()).data;
    expect(students.find((row) => row.studentId === inEce.record._id)?.section).toBe('ECE · A');
    expect(new Set(students.map((row) => row.section.split(' · ')[0]))).toEqual(
      new Set([expect.stringMatching(/^CS\d+$/), 'ECE']),
    );
  });
});
