import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

// The built face worker (its name carries a content hash) and the committed test images:
// scikit-image's astronaut (NASA, public domain) alone and twice side by side, and its coffee
// photograph (CC0) with no face.
const assets = new URL('../dist/assets/', import.meta.url);
const workerFile = readdirSync(assets).find((name) => /^face-worker-[\w-]+\.js$/.test(name));
const image = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url)).toString('base64');

/**
 * Runs the app's face worker as the attempt page does, from a blank page of our origin, on the
 * three test images: the faces it counts in each, and any request it sent elsewhere.
 */
async function countFaces(page: Page) {
  expect(workerFile, 'the build has the face worker').toBeDefined();
  const elsewhere: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') elsewhere.push(sent.url());
  });
  await page.route('**/face-detector-check', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Face detector check</title></html>',
    }),
  );
  await page.goto('/face-detector-check');

  const counts = await page.evaluate(
    async ({ workerUrl, images }) => {
      const worker = new Worker(workerUrl, { type: 'module' });
      const count = (frame: ImageBitmap, id: number) =>
        new Promise<number>((resolve, reject) => {
          const onMessage = ({ data }: MessageEvent) => {
            if (data.id !== id) return;
            worker.removeEventListener('message', onMessage);
            if ('faces' in data) resolve(data.faces);
            else reject(new Error(data.error));
          };
          worker.addEventListener('message', onMessage);
          worker.postMessage({ id, frame }, [frame]);
        });
      const found: Record<string, number> = {};
      let id = 0;
      for (const [name, base64] of Object.entries(images)) {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const frame = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
        found[name] = await count(frame, id++);
      }
      worker.terminate();
      return found;
    },
    {
      workerUrl: `/assets/${workerFile}`,
      images: {
        none: image('face-none.jpg'),
        one: image('face-one.jpg'),
        two: image('face-two.jpg'),
      },
    },
  );
  return { counts, elsewhere };
}

test('the face detector counts no face, one face and two faces in its worker, with the model from our server', async ({
  page,
  request,
}) => {
  // The first detection compiles the model's shaders: seconds.
  test.setTimeout(90_000);

  // The model is part of the build, served by our own origin.
  const model = await request.get('/models/human/blazeface.json');
  expect(model.status()).toBe(200);
  expect((await model.json()).weightsManifest[0].paths).toEqual(['blazeface.bin']);
  const weights = await request.get('/models/human/blazeface.bin');
  expect(weights.status()).toBe(200);
  expect((await weights.body()).byteLength).toBeGreaterThan(100_000);

  expect(await countFaces(page)).toEqual({ counts: { none: 0, one: 1, two: 2 }, elsewhere: [] });
});

test('without WebGL (no GPU, as on a blocklisted graphics driver) the face detector counts the faces on the processor', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // No GPU and no software rasterizer: the browser has no WebGL at all.
  const browser = await playwright.chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--disable-software-rasterizer'],
  });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/api/health');
    expect(
      await page.evaluate(() => new OffscreenCanvas(1, 1).getContext('webgl2')),
      'this browser has no WebGL',
    ).toBeNull();
    expect(await countFaces(page)).toEqual({ counts: { none: 0, one: 1, two: 2 }, elsewhere: [] });
  } finally {
    await browser.close();
  }
});
