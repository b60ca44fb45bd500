import { createHash } from 'node:crypto';
import { MEDIA_MESSAGES, mediaSchema, successResponse } from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { createAudience, examPayload, examsClient } from '../../test/exams';
import { phonePhoto, picture, pngClaiming, uploadMedia, withPngText } from '../../test/images';
import { masterDataClient } from '../../test/master-data';
import { testClock } from '../../test/sittings';
import { createSignedInUser, type SignedInUser } from '../../test/users';
import { sweepUnreferencedMedia } from './media.service';
import { MEDIA_LINK_PERIOD_MS, mediaLinks } from './media-links';

const clock = testClock(new Date('2026-03-02T09:00:00Z'));
let t: TestApp;
let admin: SignedInUser;
const uploaded = successResponse(mediaSchema);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const upload = (bytes: Buffer, name = 'picture.png') =>
  uploadMedia(t.app, admin.accessToken, { bytes, name });

async function storedBytes(id: string): Promise<Buffer | undefined> {
  const [row] = await queryRows<{ bytes: string }>(
    t.database.db,
    sql`select encode(bytes, 'hex') as bytes from media where id = ${id}`,
  );
  return row && Buffer.from(row.bytes, 'hex');
}

const mediaCount = async () =>
  Number(
    (
      await queryRows<{ count: string }>(
        t.database.db,
        sql`select count(*)::text as count from media`,
      )
    )[0]?.count,
  );

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('POST /api/admin/upload-media', () => {
  it('stores a PNG as sent, by the SHA-256 of its bytes, with a URL that shows it at once', async () => {
    const png = await picture('png', { width: 120, height: 80 });
    const response = await upload(png);
    expect(response.statusCode).toBe(201);
    const { data, message } = uploaded.parse(response.json());
    expect(message).toBe(MEDIA_MESSAGES.uploaded);
    expect(data).toMatchObject({
      _id: sha256(png),
      contentType: 'image/png',
      width: 120,
      height: 80,
      bytes: png.length,
    });
    expect(await storedBytes(data._id)).toEqual(png);
    const shown = await get(data.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload).toEqual(png);
  });

  it('stores a picture uploaded twice once, and answers 200 the second time', async () => {
    const gif = await picture('gif', { colour: '#00aa00' });
    const first = await upload(gif, 'one.gif');
    const before = await mediaCount();
    const second = await upload(gif, 'two.gif');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      message: MEDIA_MESSAGES.alreadyUploaded,
      data: { _id: first.json().data._id },
    });
    expect(await mediaCount()).toBe(before);
  });

  it('decides the type from the bytes, whatever the name says', async () => {
    const webp = await picture('webp', { width: 16, height: 9 });
    const jpeg = await picture('jpeg', { colour: '#ff0000' });
    const asText = await upload(webp, 'notes.txt');
    const asGif = await upload(jpeg, 'photo.gif');
    expect(asText.statusCode).toBe(201);
    expect(asText.json().data).toMatchObject({ contentType: 'image/webp', width: 16, height: 9 });
    expect(asGif.json().data.contentType).toBe('image/jpeg');
  });

  it("strips a phone photo's Exif with its GPS position, XMP and comment; its pixels are unchanged", async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(photo, 'IMG_0001.jpg');
    expect(response.statusCode).toBe(201);
    const { data } = uploaded.parse(response.json());
    const stored = (await storedBytes(data._id)) as Buffer;
    expect(data._id).toBe(sha256(stored));
    expect(data.bytes).toBe(stored.length);
    expect(stored.length).toBeLessThan(photo.length);
    const text = stored.toString('latin1');
    for (const trace of ['Exif', 'PhoneMaker', 'xmpmeta', 'Dr Secret', 'examiner']) {
      expect(text).not.toContain(trace);
    }
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(photo).raw().toBuffer());
  });

  it('keeps the orientation of a photo taken upright, and nothing else of its Exif', async () => {
    const response = await upload(await phonePhoto(6), 'portrait.jpg');
    const stored = (await storedBytes(response.json().data._id)) as Buffer;
    const metadata = await sharp(stored).metadata();
    expect(metadata.orientation).toBe(6);
    expect(metadata.exif?.length).toBeLessThan(40);
    expect(stored.toString('latin1')).not.toContain('PhoneMaker');
  });

  it('strips the text chunks of a PNG', async () => {
    const png = await picture('png', { colour: '#123456' });
    const response = await upload(withPngText(png, 'Author\0Dr Secret'));
    expect(response.statusCode).toBe(201);
    expect(await storedBytes(response.json().data._id)).toEqual(png);
  });

  it('strips the Exif and XMP of a WebP and the comment of a GIF, their pixels unchanged', async () => {
    const webp = await sharp({
      create: { width: 32, height: 20, channels: 3, background: '#225588' },
    })
      .webp({ lossless: true })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">Dr Secret</x:xmpmeta>')
      .toBuffer();
    const gif = await picture('gif', { colour: '#552288' });
    const comment = Buffer.from([0x21, 0xfe, 9, ...Buffer.from('Dr Secret'), 0]);
    const commented = Buffer.concat([gif.subarray(0, -1), comment, gif.subarray(-1)]);
    for (const [sent, name] of [
      [webp, 'x.webp'],
      [commented, 'x.gif'],
    ] as const) {
      const response = await upload(sent, name);
      expect(response.statusCode, name).toBe(201);
      const stored = (await storedBytes(response.json().data._id)) as Buffer;
      expect(stored.toString('latin1'), name).not.toMatch(/PhoneMaker|Dr Secret|EXIF|XMP /);
      expect((await sharp(stored).metadata()).exif, name).toBeUndefined();
      expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(sent).raw().toBuffer());
    }
  });

  const refusals: [string, () => Promise<{ bytes: Buffer; name: string }>, string][] = [
    [
      'an SVG image',
      async () => ({
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        name: 'diagram.svg',
      }),
      MEDIA_MESSAGES.wrongType,
    ],
    [
      'a page of HTML named x.png',
      async () => ({
        bytes: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
        name: 'x.png',
      }),
      MEDIA_MESSAGES.wrongType,
    ],
    [
      'a PDF named x.png',
      async () => ({
        bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
        name: 'x.png',
      }),
      MEDIA_MESSAGES.wrongType,
    ],
    [
      'a polyglot: a GIF with a zip archive after it',
      async () => ({
        bytes: Buffer.concat([
          await picture('gif'),
          Buffer.from('PK\x03\x04\x14\x00\x00\x00\x00\x00payload.html', 'latin1'),
        ]),
        name: 'x.gif',
      }),
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'a polyglot: a JPEG with a page after it',
      async () => ({
        bytes: Buffer.concat([
          await picture('jpeg'),
          Buffer.from('<html><script>alert(1)</script>'),
        ]),
        name: 'x.jpg',
      }),
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'a PNG whose header claims 100,000 × 100,000 pixels',
      async () => ({ bytes: pngClaiming(100_000, 100_000), name: 'huge.png' }),
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'an image over 40 megapixels',
      async () => ({ bytes: pngClaiming(8000, 5001), name: 'big.png' }),
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'a JPEG cut off half way',
      async () => {
        const jpeg = await picture('jpeg', { width: 300, height: 200, colour: '#abcdef' });
        return { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg' };
      },
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'a PNG whose pixel data is not PNG data',
      async () => {
        const png = pngClaiming(10, 10);
        return { bytes: png, name: 'empty.png' };
      },
      MEDIA_MESSAGES.unreadable,
    ],
    [
      'a file of 6 MB',
      async () => ({
        bytes: Buffer.concat([await picture('png'), Buffer.alloc(6 * 1024 * 1024)]),
        name: 'big.png',
      }),
      MEDIA_MESSAGES.tooLarge,
    ],
    [
      'an empty file',
      async () => ({ bytes: Buffer.alloc(0), name: 'x.png' }),
      MEDIA_MESSAGES.noFile,
    ],
  ];

  it.each(refusals)(
    'refuses %s with 400 on the file field, storing nothing',
    async (_name, file, message) => {
      const before = await mediaCount();
      const { bytes, name } = await file();
      const response = await upload(bytes, name);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errors: { file: message } });
      expect(await mediaCount()).toBe(before);
    },
  );

  it('refuses a request without a file, and a body that is not multipart', async () => {
    const none = await uploadMedia(t.app, admin.accessToken, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ file: MEDIA_MESSAGES.noFile });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-media',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('POST /api/admin/media-urls', () => {
  const ask = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/media-urls',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: body as object,
    });

  it('gives a URL that shows each stored image, and leaves out an id of no image', async () => {
    const png = await picture('png', { width: 3, height: 2, colour: '#123456' });
    const { _id: id } = (await upload(png)).json().data;
    const unknown = 'f'.repeat(64);
    const response = await ask({ mediaIds: [id, unknown, id] });
    expect(response.statusCode).toBe(200);
    const { mediaUrls } = response.json().data;
    expect(Object.keys(mediaUrls)).toEqual([id]);
    const image = await get(mediaUrls[id]);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(png);
  });

  it.each([
    ['no ids', { mediaIds: [] }, MEDIA_MESSAGES.noIds],
    ['an id that is no SHA-256', { mediaIds: ['abc'] }, /SHA-256/],
    [
      'more ids than a wizard can hold',
      { mediaIds: Array.from({ length: 5_001 }, () => 'a'.repeat(64)) },
      MEDIA_MESSAGES.tooManyIds,
    ],
  ])('refuses %s with 400 and a message', async (_case, body, message) => {
    const response = await ask(body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(message);
  });
});

describe('the faculty area', () => {
  it('lets a faculty member upload an image for a bank question and ask for its URL again', async () => {
    const author = await createSignedInUser(t.app, t.database.db, 'faculty');
    const jpeg = await picture('jpeg', { width: 40, height: 30, colour: '#336699' });
    const response = await uploadMedia(
      t.app,
      author.accessToken,
      { bytes: jpeg, name: 'circuit.jpg' },
      'faculty',
    );
    expect(response.statusCode).toBe(201);
    const { data } = uploaded.parse(response.json());
    expect(data).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/faculty/media-urls',
      headers: { authorization: `Bearer ${author.accessToken}` },
      payload: { mediaIds: [data._id] },
    });
    expect(again.statusCode).toBe(200);
    expect((await get(again.json().data.mediaUrls[data._id])).statusCode).toBe(200);
  });
});

describe('GET /api/media/:id', () => {
  let id: string;
  let url: string;
  let png: Buffer;
  const links = () => mediaLinks(t.config.jwtSecret);

  beforeAll(async () => {
    png = await picture('png', { width: 7, height: 5, colour: '#ffcc00' });
    ({ _id: id, url } = (await upload(png)).json().data);
  });

  it('serves the bytes with their exact type, as nothing but an image, kept privately until the URL expires', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    const expiry = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      etag: `"${id}"`,
      'cache-control': `private, max-age=${expiry - clock.now().getTime() / 1000}, immutable`,
    });
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; img-src 'self'/,
    );
    expect(response.headers['content-security-policy']).not.toMatch(/script-src/);
  });

  it('answers 304 when the browser holds the image already', async () => {
    const response = await get(url, { 'if-none-match': `"${id}"` });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe(`"${id}"`);
  });

  it('gives everyone in a period the same URL, lasting between one and two periods', () => {
    const now = clock.now();
    const later = new Date(now.getTime() + 60_000);
    expect(links().url(id, 'exam-1', later)).toBe(links().url(id, 'exam-1', now));
    const expiry = Number(
      new URL(links().url(id, 'exam-1', now), 'http://x').searchParams.get('exp'),
    );
    expect(expiry * 1000 - now.getTime()).toBeGreaterThan(MEDIA_LINK_PERIOD_MS);
    expect(expiry * 1000 - now.getTime()).toBeLessThanOrEqual(2 * MEDIA_LINK_PERIOD_MS);
  });

  it('answers 403 to an expired URL', async () => {
    const expiry = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const start = clock.now();
    clock.set(new Date(expiry * 1000));
    try {
      const response = await get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MEDIA_MESSAGES.linkExpired);
    } finally {
      clock.set(start);
    }
  });

  it('answers 403 to a URL whose id, audience, expiry or signature was changed', async () => {
    const other = (await upload(await picture('png', { colour: '#010203' }))).json().data._id;
    const signed = new URL(url, 'http://x');
    const altered = (name: string, value: string) => {
      const copy = new URL(signed);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    const sig = signed.searchParams.get('sig') as string;
    const tampered = [
      `${signed.pathname.replace(id, other)}${signed.search}`,
      altered('aud', 'another-exam'),
      altered('exp', String(Number(signed.searchParams.get('exp')) + 86_400)),
      altered('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
      altered('sig', 'short'),
    ];
    for (const tamperedUrl of tampered) {
      const response = await get(tamperedUrl);
      expect(response.statusCode, tamperedUrl).toBe(403);
      expect(response.json().message).toBe(MEDIA_MESSAGES.linkInvalid);
    }
  });

  it('answers 404 to a validly signed URL of no image, and 400 without a signature', async () => {
    const unknown = 'a'.repeat(64);
    const response = await get(links().url(unknown, 'upload', clock.now()));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MEDIA_MESSAGES.notFound);
    expect((await get(`/api/media/${id}`)).statusCode).toBe(400);
    expect((await get('/api/media/not-an-id?aud=x&exp=1&sig=x')).statusCode).toBe(400);
  });
});

describe('the sweep of unreferenced media', () => {
  it('removes media no content refers to a day after their last upload, and keeps the others', async () => {
    const id = async (colour: string) =>
      (await upload(await picture('png', { colour }))).json().data._id as string;
    const [inQuestion, inInstructions, recent, forgotten] = [
      await id('#aa0000'),
      await id('#00aa00'),
      await id('#0000aa'),
      await id('#aaaa00'),
    ];
    const audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2024, 1);
    const payload = examPayload(audience);
    await examsClient(t.app, admin.accessToken).exam({
      ...payload,
      generalInstructions: [`Read the table ![the grid](media:${inInstructions})`],
      questions: payload.questions.map((questions, section) =>
        questions.map((question, index) =>
          section === 0 && index === 0
            ? { ...question, questionText: `Which gate is this? ![a gate](media:${inQuestion})` }
            : question,
        ),
      ),
    });
    const db = t.database.db;
    await db.execute(sql`update media set uploaded_at = now() - interval '25 hours'
      where id in (${inQuestion}, ${inInstructions}, ${forgotten})`);
    expect(await sweepUnreferencedMedia(db)).toBeGreaterThanOrEqual(1);
    const left = (await queryRows<{ id: string }>(db, sql`select id from media`)).map(
      (row) => row.id,
    );
    expect(left).not.toContain(forgotten);
    expect(left).toEqual(expect.arrayContaining([inQuestion, inInstructions, recent]));
  });
});
