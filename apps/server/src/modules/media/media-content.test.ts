import { validExamPayload } from '@examiq/contracts/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { picture, uploadMedia } from '../../test/images';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';
import { bearer } from '../../test/users';

/**
 * Who is handed the signed URLs of an exam's images: whoever is shown the content that refers to
 * them, in the response that shows it, and nobody else.
 */
const suite = sittingSuite();
const DAY = 24 * 60 * MINUTE;

/** The images of the exam: in its general instructions, a question, its explanation, a model answer. */
const image = { instructions: '', question: '', explanation: '', modelAnswer: '' };

async function upload(colour: string): Promise<string> {
  const { app } = suite.t;
  const response = await uploadMedia(app, suite.fixture.admin.accessToken, {
    bytes: await picture('png', { colour }),
    name: `${colour.slice(1)}.png`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

/** An exam for section A whose content shows the four images; open on `day`. */
async function examWithImages(day: Date) {
  const { fixture } = suite;
  const payload = validExamPayload({ ...fixture.audience, sectionIds: [fixture.inSection.A] });
  return fixture.exam({
    generalInstructions: [
      `The circuit for every question: ![the circuit](media:${image.instructions})`,
    ],
    questions: payload.questions.map((questions) =>
      questions.map((question) => {
        if (question.questionType === 'MCQ' && question.order === 1) {
          return {
            ...question,
            questionText: `Which gate is drawn here? ![a logic gate](media:${image.question})`,
            explanation: `Its truth table: ![the table](media:${image.explanation})`,
          };
        }
        if (question.questionType === 'LONG_ANSWER') {
          return {
            ...question,
            modelAnswer: `${question.modelAnswer} ![the model diagram](media:${image.modelAnswer})`,
          };
        }
        return question;
      }),
    ),
    scheduleDetails: {
      startDate: localDate(day),
      endDate: localDate(day),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
}

const urlsOf = (body: { data: { mediaUrls?: Record<string, string> } }) =>
  body.data.mediaUrls ?? {};

beforeAll(async () => {
  image.instructions = await upload('#101010');
  image.question = await upload('#202020');
  image.explanation = await upload('#303030');
  image.modelAnswer = await upload('#404040');
});

describe('the signed URLs of an exam’s images', () => {
  it('before the exam opens, its student’s lobby carries the instructions’ image and no question’s', async () => {
    const tomorrow = await examWithImages(new Date(EXAM_DAY_TEN.getTime() + DAY));
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const lobby = await student.client.call('GET', `get-exam/${tomorrow._id}`);
    expect(lobby.statusCode).toBe(200);
    expect(Object.keys(urlsOf(lobby.json()))).toEqual([image.instructions]);
    expect((await student.client.call('POST', `start-exam/${tomorrow._id}`)).statusCode).toBe(409);
  });

  it('a student of another section gets nothing of the exam, its URLs included', async () => {
    const exam = await examWithImages(EXAM_DAY_TEN);
    const outsider = await suite.fixture.student(suite.fixture.inSection.B);
    for (const [method, path] of [
      ['GET', `get-exam/${exam._id}`],
      ['POST', `start-exam/${exam._id}`],
      ['GET', `get-result/${exam._id}`],
    ] as const) {
      const response = await outsider.client.call(method, path);
      expect([403, 404], path).toContain(response.statusCode);
      expect(response.body).not.toContain('/api/media/');
    }
  });

  it('once it is open, every student sitting it gets the same URL of the question’s image, which shows it', async () => {
    const exam = await examWithImages(EXAM_DAY_TEN);
    const [first, second] = [
      await suite.fixture.student(suite.fixture.inSection.A),
      await suite.fixture.student(suite.fixture.inSection.A),
    ];
    const firstView = await first.client.start(exam._id);
    const secondView = await second.client.start(exam._id);
    expect(Object.keys(firstView.mediaUrls ?? {})).toEqual([image.question]);
    expect(secondView.mediaUrls).toEqual(firstView.mediaUrls);
    const shown = await suite.t.app.inject({
      method: 'GET',
      url: firstView.mediaUrls?.[image.question] as string,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    // The key's images are not on the paper.
    const resumed = await first.client.call('GET', `get-attempt/${firstView.attempt._id}`);
    expect(Object.keys(urlsOf(resumed.json()))).toEqual([image.question]);
  });

  it('the admin’s exam carries every image of its content, the preview those of the paper', async () => {
    const exam = await examWithImages(EXAM_DAY_TEN);
    const read = await suite.fixture.adminCall('GET', `get-exam/${exam._id}`);
    expect(Object.keys(urlsOf(read.json())).sort()).toEqual(Object.values(image).sort());
    const preview = await suite.fixture.adminCall('GET', `get-exam-preview/${exam._id}`);
    expect(Object.keys(urlsOf(preview.json())).sort()).toEqual(
      [image.instructions, image.question].sort(),
    );
  });

  it('the marker gets the written questions’ keys’ images; the student’s result and the report, once published, theirs', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await examWithImages(EXAM_DAY_TEN);
    const marker = await suite.fixture.signedInFaculty();
    const evaluators = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/admin/set-exam-evaluators/${exam._id}`,
      headers: bearer(suite.fixture.admin.accessToken),
      payload: { evaluatorIds: [marker.userId] },
    });
    expect(evaluators.statusCode, evaluators.body).toBe(200);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    expect((await student.client.submit(view.attempt._id)).statusCode).toBe(200);

    const grading = await marker.call('GET', `get-answers-to-grade/${exam._id}`);
    expect(grading.statusCode, grading.body).toBe(200);
    expect(Object.keys(urlsOf(grading.json()))).toEqual([image.modelAnswer]);

    suite.clock.set(new Date(EXAM_DAY_TEN.getTime() + DAY));
    try {
      const published = await suite.fixture.adminCall('POST', `publish-results/${exam._id}`);
      expect(published.statusCode, published.body).toBe(200);
      const result = await student.client.call('GET', `get-result/${exam._id}`);
      expect(result.statusCode, result.body).toBe(200);
      expect(Object.keys(urlsOf(result.json())).sort()).toEqual(
        [image.question, image.explanation, image.modelAnswer].sort(),
      );
      const report = await suite.fixture.adminCall('GET', `get-exam-report/${exam._id}`);
      expect(Object.keys(urlsOf(report.json()))).toEqual([image.question]);
    } finally {
      suite.clock.set(EXAM_DAY_TEN);
    }
  });
});
