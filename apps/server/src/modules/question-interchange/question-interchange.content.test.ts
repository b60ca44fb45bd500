import { createHash } from 'node:crypto';
import {
  MEDIA_MESSAGES,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  mediaSchema,
  parseQuestionsDataSchema,
  readableText,
  successResponse,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import { createAudience, examsClient } from '../../test/exams';
import { picture, uploadMedia } from '../../test/images';
import { masterDataClient } from '../../test/master-data';
import { bearer, createSignedInUser, type SignedInUser } from '../../test/users';
import { asRendered, fixture } from './test-support';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const parsedResponse = successResponse(parseQuestionsDataSchema).strict();

async function parseQuestions(format: string, bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('format', format);
  form.append('file', new Blob([bytes]), name);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/parse-questions',
    headers: bearer(admin.accessToken),
    payload: form,
  });
}

async function parsed(format: string, bytes: Uint8Array | string, name = 'questions') {
  const response = await parseQuestions(format, bytes, name);
  expect(response.statusCode, response.body).toBe(200);
  return parsedResponse.parse(response.json()).data;
}

const storedMediaIds = async () =>
  (await t.database.db.select({ id: media.id }).from(media)).map((row) => row.id);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A Moodle XML question of one field's HTML, with the files given. */
const moodleQuestion = (name: string, html: string, files = '') => `
  <question type="truefalse">
    <name><text>${name}</text></name>
    <questiontext format="html"><text><![CDATA[${html}]]></text>${files}</questiontext>
    <generalfeedback format="html"><text>It is true, as the notes say.</text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>`;
const moodleFile = (name: string, bytes: Uint8Array) =>
  `<file name="${name}" path="/" encoding="base64">${Buffer.from(bytes).toString('base64')}</file>`;

describe(`Question files with formulas, code, tables and images on ${TEST_ENGINE}`, () => {
  it('exports an exam to GIFT, Moodle XML and QTI and imports it back with the same content and media', async () => {
    const upload = await uploadMedia(t.app, admin.accessToken, {
      bytes: await picture('png', { colour: '#aa5500' }),
      name: 'parabola.png',
    });
    const image = successResponse(mediaSchema).parse(upload.json()).data;
    const questionText = [
      'The curve $y = x^2$ is drawn below.',
      '',
      `![The parabola y = x squared from -2 to 2](media:${image._id})`,
      '',
      '$$\\int_0^1 x^2\\,dx$$',
      '',
      '```python',
      'def area(n):',
      '    return sum((i / n) ** 2 for i in range(n)) / n',
      '```',
      '',
      '| n | area(n) |',
      '| --- | --- |',
      '| 10 | 0.285 |',
      '',
      'Which value does **area(n)** approach?',
    ].join('\n');
    const audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2024, 1);
    const payload = validExamPayload(audience);
    const [first, ...others] = payload.questions[0] ?? [];
    if (first?.questionType !== 'MCQ') throw new Error('The payload starts with an MCQ');
    payload.questions[0] = [
      {
        ...first,
        questionText,
        explanation: 'The integral of $x^2$ from 0 to 1 is one third.',
        options: [
          { text: '$\\frac{1}{3}$', isCorrect: true },
          { text: '$\\frac{1}{2}$', isCorrect: false },
        ],
      },
      ...others,
    ];
    const exam = await examsClient(t.app, admin.accessToken).exam(payload);
    const expected = payload.questions.flat().map((question, index) => ({
      ...question,
      order: index + 1,
    }));

    for (const [format, name] of [
      ['gift', 'questions.gift'],
      ['moodle-xml', 'questions.xml'],
      ['qti', 'qti.zip'],
    ] as const) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/admin/export-exam-questions/${exam._id}?format=${format}`,
        headers: bearer(admin.accessToken),
      });
      expect(file.statusCode).toBe(200);
      const data = await parsed(format, file.rawPayload, name);
      expect(data.warnings).toEqual([]);
      expect(data.incomplete).toEqual([]);
      // GIFT carries the Markdown itself; HTML comes back as Markdown that renders the same.
      if (format === 'gift') expect(data.questions).toEqual(expected);
      else expect(asRendered(data.questions)).toEqual(asRendered(expected));
      // Content-addressed: the image comes back as the same medium.
      expect(data.questions[0]?.questionText).toContain(`media:${image._id}`);
      expect(data.mediaUrls[image._id]).toMatch(`/api/media/${image._id}?`);
    }
  });

  it('writes Moodle XML as HTML with TeX for MathJax and the images in <file> elements', async () => {
    const xml = (await exportedFile('moodle-xml')).toString();
    expect(xml).toContain('\\(y = x^2\\)');
    expect(xml).toContain('$$\\int_0^1 x^2\\,dx$$');
    expect(xml).toMatch(
      /&lt;img src=&quot;@@PLUGINFILE@@\/[0-9a-f]{64}\.png&quot; alt=&quot;The parabola/,
    );
    expect(xml).toMatch(/<file name="[0-9a-f]{64}\.png" path="\/" encoding="base64">iVBOR/);
    expect(xml).toContain('&lt;pre&gt;&lt;code class=&quot;language-python&quot;&gt;');
    expect(xml).toContain('&lt;th&gt;area(n)&lt;/th&gt;');
  });

  it('packages a QTI item with its images beside it and XHTML that keeps the TeX', async () => {
    const files = unzipSync(new Uint8Array(await exportedFile('qti')));
    const item = strFromU8(files['items/item-1-1.xml'] as Uint8Array);
    const [, id] = /<img src="images\/([0-9a-f]{64})\.png" alt="The parabola/.exec(item) ?? [];
    expect(id).toBeDefined();
    expect(sha256(files[`items/images/${id}.png`] as Uint8Array)).toBe(id);
    expect(strFromU8(files['imsmanifest.xml'] as Uint8Array)).toContain(
      `<file href="items/images/${id}.png"`,
    );
    expect(item).toContain('\\(y = x^2\\)');
    expect(item).toContain('<qti-simple-choice identifier="choice-1"><p>\\(\\frac{1}{3}\\)</p>');
  });

  it("imports a Moodle quiz's pictures as media and its TeX as formulas, losing nothing a student sees", async () => {
    const data = await parsed('moodle-xml', fixture('moodle-quiz-pictures.xml'));
    expect(data.incomplete).toEqual([]);
    const [ohm, gate] = data.questions;
    const ids = (text = '') => [...text.matchAll(/media:([0-9a-f]{64})/g)].map((match) => match[1]);

    expect(ohm?.questionText).toContain('a source of $V = 12\\,\\mathrm{V}$ and a resistor $R$.');
    expect(ohm?.questionText).toContain('$$I = \\frac{V}{R}$$');
    expect(ohm?.questionText).toMatch(
      /!\[A 12 V battery in series with one resistor R\]\(media:[0-9a-f]{64}\)/,
    );
    expect(ohm?.explanation).toBe("By Ohm's law, $I = 12 / 4 = 3\\,\\mathrm{A}$.");
    expect(ohm?.questionType === 'MCQ' && ohm.options.map((option) => option.text)).toEqual([
      '$3\\,\\mathrm{A}$',
      '$48\\,\\mathrm{A}$',
      expect.stringMatching(/^!\[An ammeter reading 0\.3 A\]\(media:[0-9a-f]{64}\)$/),
    ]);
    expect(readableText(ohm?.questionText ?? '')).toBe(
      [
        'The circuit below has a source of $V = 12\\,\\mathrm{V}$ and a resistor $R$.',
        'A 12 V battery in series with one resistor R',
        'The current is given by',
        '$$I = \\frac{V}{R}$$',
        'Which current flows when $R = 4\\,\\Omega$?',
      ].join('\n'),
    );

    expect(gate?.questionText).toContain(
      ['| **A** | **B** | **Q** |', '| --- | --- | --- |', '| 0 | 0 | 1 |', '| 1 | 1 | 0 |'].join(
        '\n',
      ),
    );
    expect(gate?.questionText).toContain(
      '```c\nint q(int a, int b) {\n  return !(a && b);\n}\n```',
    );
    expect(gate?.questionText).toContain('$$Q = \\overline{A \\cdot B}$$');
    expect(gate?.questionType === 'LONG_ANSWER' && gate.modelAnswer).toContain(
      '$Q = \\overline{A \\cdot B}$',
    );
    expect(data.warnings).toEqual([
      {
        question: 2,
        title: 'Truth table and code',
        message: MESSAGES.undescribedImage('gate.png'),
        skipped: false,
      },
    ]);

    // The same picture twice is one medium; the JPEG is stored without its Exif, so by a new id.
    const shown = [
      ...ids(ohm?.questionText),
      ...ids(JSON.stringify(ohm)),
      ...ids(gate?.questionText),
    ];
    const [diagram, meter] = [...new Set(shown)];
    expect(ids(gate?.questionText)).toEqual([diagram]);
    const jpeg = /name="meter.jpg"[^>]*>([^<]+)</.exec(
      fixture('moodle-quiz-pictures.xml').toString(),
    );
    expect(meter).not.toBe(sha256(Buffer.from(jpeg?.[1] ?? '', 'base64')));
    for (const id of [diagram, meter]) {
      const served = await t.app.inject({ method: 'GET', url: data.mediaUrls[id as string] ?? '' });
      expect(served.statusCode).toBe(200);
      expect(sha256(served.rawPayload)).toBe(id);
    }
    expect(Object.keys(data.mediaUrls).sort()).toEqual([diagram, meter].sort());
  });

  it('stores nothing of a script, an event handler, a frame, a style or a javascript: link', async () => {
    const before = await storedMediaIds();
    const hostile = `<quiz>${moodleQuestion(
      'Hostile',
      `<p onclick="alert(1)">Is this <a href="javascript:alert(2)">link</a> safe to read?</p>
       <script>alert(3)</script><style>p { background: url(https://evil.example/x.png) }</style>
       <img src="https://evil.example/track.png" onerror="alert(4)" alt="tracker">
       <img src="@@PLUGINFILE@@/missing.png" onerror="alert(5)">
       <iframe src="https://evil.example/frame"></iframe>
       <svg onload="alert(6)"><circle r="4"/></svg>`,
    )}</quiz>`;
    const data = await parsed('moodle-xml', hostile, 'hostile.xml');
    expect(data.questions.map((question) => question.questionText)).toEqual([
      'Is this link safe to read?',
    ]);
    expect(JSON.stringify(data.questions)).not.toMatch(
      /alert|script|onclick|onerror|iframe|javascript|evil\.example|style|svg/i,
    );
    expect(data.warnings.map((warning) => warning.message)).toEqual([
      MESSAGES.foreignImages,
      MESSAGES.linksDropped,
      MESSAGES.unsafeDropped,
    ]);
    expect(await storedMediaIds()).toEqual(before);
  });

  it('refuses a file whose image cannot be used, naming its question, and stores none of its images', async () => {
    const good = await picture('png', { colour: '#0055aa' });
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
    );
    const file = `<quiz>${moodleQuestion(
      'Good picture',
      '<p>Is this blue? <img src="@@PLUGINFILE@@/blue.png" alt="A blue square"></p>',
      moodleFile('blue.png', good),
    )}${moodleQuestion(
      'Bad picture',
      '<p>Is this a picture? <img src="@@PLUGINFILE@@/x.png" alt="Not one"></p>',
      moodleFile('x.png', pdf),
    )}</quiz>`;
    expectError(await parseQuestions('moodle-xml', file, 'bad.xml'), 400, {
      message: MESSAGES.imageRefused(2, 'Bad picture', 'x.png', MEDIA_MESSAGES.wrongType),
    });
    const stored = await t.database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.id, sha256(good)));
    expect(stored).toEqual([]);
  });
});

let exported: Promise<{ examId: string }> | undefined;

/** An exam of one MCQ with a formula, an image, a code block and a table, exported as `format`. */
async function exportedFile(format: 'moodle-xml' | 'qti'): Promise<Buffer> {
  exported ??= (async () => {
    const upload = await uploadMedia(t.app, admin.accessToken, {
      bytes: await picture('png', { colour: '#55aa00' }),
      name: 'parabola.png',
    });
    const image = successResponse(mediaSchema).parse(upload.json()).data;
    const audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2025, 1);
    const payload = validExamPayload(audience);
    const [first, ...others] = payload.questions[0] ?? [];
    if (first?.questionType !== 'MCQ') throw new Error('The payload starts with an MCQ');
    payload.questions[0] = [
      {
        ...first,
        questionText: [
          'The curve $y = x^2$ is drawn below.',
          '',
          `![The parabola y = x squared](media:${image._id})`,
          '',
          '$$\\int_0^1 x^2\\,dx$$',
          '',
          '```python\nprint(1 / 3)\n```',
          '',
          '| n | area(n) |\n| --- | --- |\n| 10 | 0.285 |',
        ].join('\n'),
        options: [
          { text: '$\\frac{1}{3}$', isCorrect: true },
          { text: '$\\frac{1}{2}$', isCorrect: false },
        ],
      },
      ...others,
    ];
    return { examId: (await examsClient(t.app, admin.accessToken).exam(payload))._id };
  })();
  const { examId } = await exported;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/export-exam-questions/${examId}?format=${format}`,
    headers: bearer(admin.accessToken),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}
