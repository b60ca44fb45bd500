import { validQuestions } from '@examiq/contracts/test-support';
import type { App } from '../app';
import type { AppDatabase } from '../db/client';
import { masterDataClient } from './master-data';
import { facultyPayload, peopleClient } from './people';
import { bearer, createSignedInUser, signInFirstTime } from './users';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls one area's routes with one access token. */
export function areaCaller(app: App, area: 'admin' | 'faculty', accessToken: string) {
  return (method: Method, path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/${area}/${path}`,
      headers: bearer(accessToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
export type AreaCaller = ReturnType<typeof areaCaller>;

/** A valid create-bank-question body: an MCQ of the course unless told otherwise. */
export function bankQuestionPayload(courseId: string, fields: Record<string, unknown> = {}) {
  return {
    courseId,
    category: 'Unit 1',
    tags: [],
    bloomLevel: 'REMEMBER',
    courseOutcomes: [],
    ...validQuestions.MCQ(),
    ...fields,
  };
}

/**
 * Two courses with an admin, and signed-in faculty: an author and a reviewer of the first
 * course's bank, and an author of the second's only. The first course has outcomes CO1 and CO2.
 */
export async function createBankFixture(app: App, db: AppDatabase) {
  const admin = await createSignedInUser(app, db, 'admin');
  const masterData = masterDataClient(app, admin.accessToken);
  const people = peopleClient(app, admin.accessToken);
  const batch = await masterData.batch(2031);
  const signedInFaculty = async () => {
    const payload = facultyPayload();
    const { faculty, defaultPassword } = await people.faculty(payload);
    const { tokens } = await signInFirstTime(app, payload.email, defaultPassword);
    return {
      userId: faculty.userId._id as string,
      accessToken: tokens.accessToken,
      call: areaCaller(app, 'faculty', tokens.accessToken),
    };
  };
  const [author, reviewer, outsider] = [
    await signedInFaculty(),
    await signedInFaculty(),
    await signedInFaculty(),
  ];
  const asAdmin = areaCaller(app, 'admin', admin.accessToken);
  const setAccess = async (courseId: string, body: unknown) => {
    const response = await asAdmin('POST', `set-bank-access/${courseId}`, body);
    if (response.statusCode !== 200) throw new Error(`set-bank-access: ${response.body}`);
  };
  /** A course whose bank the author writes and the reviewer reviews, with outcomes CO1 and CO2. */
  const bankCourse = async () => {
    const { _id } = await masterData.course(batch._id);
    await setAccess(_id, { authors: [author.userId], reviewers: [reviewer.userId] });
    const outcomes = await asAdmin('POST', `set-course-outcomes/${_id}`, {
      outcomes: [
        { code: 'CO1', description: 'Apply Kirchhoff’s laws', targetPercent: 60 },
        { code: 'CO2', description: 'Analyse first-order circuits', targetPercent: 50 },
      ],
    });
    if (outcomes.statusCode !== 200) throw new Error(`set-course-outcomes: ${outcomes.body}`);
    return _id;
  };
  const course = { _id: await bankCourse() };
  const otherCourse = await masterData.course(batch._id);
  await setAccess(otherCourse._id, { authors: [outsider.userId], reviewers: [] });
  return { admin, asAdmin, course, otherCourse, author, reviewer, outsider, setAccess, bankCourse };
}
