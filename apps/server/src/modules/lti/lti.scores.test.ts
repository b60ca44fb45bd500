import { ltiSettingsDataSchema, successResponse } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ltiBrowser } from '../../test/lti';
import { type LtiPlatformHarness, startLtiPlatform } from '../../test/lti-platform';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { bearer } from '../../test/users';
import { blindCodes } from '../results/blind-codes';
import { scoresUrlOf } from './ags';

const suite = sittingSuite();
const NEXT_DAY = new Date(2030, 2, 15, 9, 0);
const settingsResponse = successResponse(ltiSettingsDataSchema);

let platform: LtiPlatformHarness;
beforeAll(async () => {
  platform = await startLtiPlatform({
    toolUrl: suite.t.config.mail.publicUrl,
    toolKeys: async () =>
      (await suite.t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json(),
  });
  const registered = await suite.fixture.adminCall(
    'POST',
    'create-lti-platform',
    platform.registration,
  );
  expect(registered.statusCode).toBe(201);
});
afterAll(() => platform?.close());

/** Waits for the job runner, which sends in the background. */
const eventually = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 40_000, interval: 200 });

describe('scores to the LMS (Assignment and Grade Services)', () => {
  it("sends each launched student's score when results are published, and again when a regrade or a re-evaluation changes it", async () => {
    const { fixture, clock } = suite;
    clock.set(EXAM_DAY_TEN);
    const exam = await fixture.exam();
    const browser = ltiBrowser(suite.t.app, platform);
    const sitter = await fixture.student(fixture.inSection.A);
    const absent = await fixture.student(fixture.inSection.A);
    const sitterSub = 'lms-user-sitter';
    await browser.signedIn({
      person: { sub: sitterSub, email: sitter.record.userId.email, role: 'learner' },
      examId: exam._id,
    });
    await browser.signedIn({
      person: { sub: 'lms-user-absent', email: absent.record.userId.email, role: 'learner' },
      examId: exam._id,
    });

    const view = await sitter.client.start(exam._id);
    const [mcqSection, trueFalseSection] = view.sections;
    const answered = [...(mcqSection?.questions ?? []), ...(trueFalseSection?.questions ?? [])];
    const saved = await sitter.client.save(view.attempt._id, {
      seq: 1,
      answers: answered.map((question) => ({ questionId: question._id, selectedOptionId: '0' })),
    });
    expect(saved.statusCode).toBe(200);
    expect((await sitter.client.submit(view.attempt._id)).statusCode).toBe(200);
    const fullMarks = answered.reduce((sum, question) => sum + question.marks, 0);

    clock.set(NEXT_DAY);
    const published = await fixture.adminCall('POST', `publish-results/${exam._id}`);
    expect(published.statusCode, published.body).toBe(200);
    await eventually(() => expect(platform.scores).toHaveLength(1));
    const [score] = platform.scores;
    expect(score).toEqual({
      lineItemId: 'line-item-1',
      userId: sitterSub,
      scoreGiven: fullMarks,
      scoreMaximum: 10,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // One token, obtained with ExamIQ's signed assertion, for this platform's scores.
    expect(platform.tokenRequests).toHaveLength(1);

    const [firstMcq] = mcqSection?.questions ?? [];
    const regraded = await fixture.adminCall('POST', `regrade-question/${exam._id}`, {
      questionId: firstMcq?._id,
      correctOptionId: '1',
    });
    expect(regraded.statusCode, regraded.body).toBeLessThan(300);
    await eventually(() => expect(platform.scores).toHaveLength(2));
    expect(platform.scores[1]).toMatchObject({
      userId: sitterSub,
      scoreGiven: fullMarks - (firstMcq?.marks ?? 0),
    });
    // The token was kept until it expires.
    expect(platform.tokenRequests).toHaveLength(1);

    // The LMS refuses: the failure is shown to the admin, and the job tries again until it takes.
    platform.failScoresWith = 503;
    const restored = await fixture.adminCall('POST', `regrade-question/${exam._id}`, {
      questionId: firstMcq?._id,
      correctOptionId: '0',
    });
    expect(restored.statusCode).toBeLessThan(300);
    await eventually(async () => {
      const settings = settingsResponse.parse(
        (await fixture.adminCall('GET', 'get-lti-platforms')).json(),
      ).data;
      expect(settings.scoreFailures).toEqual([
        expect.objectContaining({
          studentEmail: sitter.record.userId.email,
          platformName: platform.registration.name,
          error: expect.stringContaining('HTTP 503'),
        }),
      ]);
    });
    platform.failScoresWith = null;
    await eventually(() => expect(platform.scores).toHaveLength(3));
    expect(platform.scores[2]).toMatchObject({ scoreGiven: fullMarks });
    const settings = settingsResponse.parse(
      (await fixture.adminCall('GET', 'get-lti-platforms')).json(),
    ).data;
    expect(settings.scoreFailures).toEqual([]);

    // A re-evaluation: the exam's evaluator changes a published mark, and the LMS learns it.
    const evaluator = await fixture.signedInFaculty();
    const assigned = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/admin/set-exam-evaluators/${exam._id}`,
      headers: bearer(fixture.admin.accessToken),
      payload: { evaluatorIds: [evaluator.userId] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const remarked = await evaluator.call('POST', 'grade-answer', {
      answerId: blindCodes(suite.t.config.jwtSecret).markingId(
        evaluator.userId,
        view.attempt._id,
        firstMcq?._id as string,
      ),
      marks: 0,
      reason: 'The answer was copied from a neighbour, as the invigilator reported',
    });
    expect(remarked.statusCode, remarked.body).toBe(200);
    await eventually(() => expect(platform.scores).toHaveLength(4));
    expect(platform.scores[3]).toMatchObject({
      userId: sitterSub,
      scoreGiven: fullMarks - (firstMcq?.marks ?? 0),
    });
  });

  it("puts /scores on a line item's path, keeping its query", () => {
    expect(scoresUrlOf('https://lms.test/api/lti/courses/1/line_items/2?type=x')).toBe(
      'https://lms.test/api/lti/courses/1/line_items/2/scores?type=x',
    );
  });
});
