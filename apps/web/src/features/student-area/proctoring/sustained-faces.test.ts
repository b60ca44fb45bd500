import { PROCTORING_LIMITS } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { SustainedFaces } from './sustained-faces';

const EPOCH = Date.parse('2031-03-01T09:00:00.000Z');
const instant = (at: number) => new Date(EPOCH + at).toISOString();
const HELD = PROCTORING_LIMITS.faceSustainedMs;

/** Feeds readings of `faces` every `everyMs` from `from` to `to`, and gives the signals due. */
function feed(rule: SustainedFaces, faces: number, from: number, to: number, everyMs = 500) {
  const signals = [];
  for (let at = from; at <= to; at += everyMs) {
    const signal = rule.observe(faces, at);
    if (signal) signals.push(signal);
  }
  return signals;
}

describe('the sustained-window rule for face signals', () => {
  it('reports no face only once it has held for 8 seconds, dated when it began', () => {
    const rule = new SustainedFaces(instant);
    expect(feed(rule, 1, 0, 5_000)).toEqual([]);
    expect(feed(rule, 0, 5_500, 5_500 + HELD - 500)).toEqual([]);
    expect(rule.observe(0, 5_500 + HELD)).toEqual({
      type: 'NO_FACE',
      at: instant(5_500),
      detail: { faces: 0, heldMs: HELD },
    });
  });

  it('reports more than one face with how many were seen', () => {
    const rule = new SustainedFaces(instant);
    expect(feed(rule, 2, 0, HELD)).toEqual([
      { type: 'MULTIPLE_FACES', at: instant(0), detail: { faces: 2, heldMs: HELD } },
    ]);
  });

  it('reports one episode once, however long it lasts', () => {
    const rule = new SustainedFaces(instant);
    expect(feed(rule, 0, 0, HELD * 5)).toHaveLength(1);
  });

  it('never penalises single frames: a flicker neither starts nor restarts a signal', () => {
    const rule = new SustainedFaces(instant);
    // A face is missed on every fifth frame for a minute: never 8 s without one.
    for (let at = 0; at < 60_000; at += 500) {
      expect(rule.observe(at % 2_500 === 0 ? 0 : 1, at)).toBeNull();
    }
    // No face, with one frame that thinks it sees one: still one episode from its start.
    const flickering = new SustainedFaces(instant);
    feed(flickering, 0, 0, 4_000);
    expect(flickering.observe(1, 4_500)).toBeNull();
    expect(feed(flickering, 0, 5_000, HELD)).toEqual([
      { type: 'NO_FACE', at: instant(0), detail: { faces: 0, heldMs: HELD } },
    ]);
  });

  it('needs two readings to change, however far apart a slow processor reads', () => {
    const rule = new SustainedFaces(instant);
    // A reading every 3 s with one face seen in every third: the episode goes on from its start.
    const signals = [];
    for (let at = 0; at <= 30_000; at += 3_000) {
      const signal = rule.observe(at % 9_000 === 6_000 ? 1 : 0, at);
      if (signal) signals.push(signal);
    }
    expect(signals).toEqual([
      { type: 'NO_FACE', at: instant(0), detail: { faces: 0, heldMs: 9_000 } },
    ]);
    // Two readings in a row with the face: it is back, and the next absence is a new episode.
    expect(feed(rule, 1, 33_000, 36_000, 3_000)).toEqual([]);
    expect(feed(rule, 0, 39_000, 48_000, 3_000)).toEqual([
      { type: 'NO_FACE', at: instant(39_000), detail: { faces: 0, heldMs: 9_000 } },
    ]);
  });

  it('starts a new episode after the face has been back for a while', () => {
    const rule = new SustainedFaces(instant);
    expect(feed(rule, 0, 0, HELD)).toHaveLength(1);
    feed(rule, 1, HELD + 500, HELD + 5_000);
    const again = HELD + 5_500;
    expect(feed(rule, 0, again, again + HELD)).toEqual([
      { type: 'NO_FACE', at: instant(again), detail: { faces: 0, heldMs: HELD } },
    ]);
  });

  it('counts a change from no face to two faces as a new condition', () => {
    const rule = new SustainedFaces(instant);
    feed(rule, 0, 0, 6_000);
    expect(feed(rule, 3, 6_500, 6_500 + HELD)).toEqual([
      { type: 'MULTIPLE_FACES', at: instant(6_500), detail: { faces: 3, heldMs: HELD } },
    ]);
  });

  it('forgets what was held when the camera stops', () => {
    const rule = new SustainedFaces(instant);
    feed(rule, 0, 0, 7_000);
    rule.reset();
    expect(feed(rule, 0, 20_000, 20_000 + HELD - 500)).toEqual([]);
    expect(rule.observe(0, 20_000 + HELD)?.at).toBe(instant(20_000));
  });
});
