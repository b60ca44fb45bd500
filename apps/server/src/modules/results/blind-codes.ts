import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { sealKey } from '../auth/tokens';

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TAG_BYTES = 16;
const UUID_BYTES = 16;
const MARKING_ID_BYTES = TAG_BYTES + 2 * UUID_BYTES;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The names marking goes by while it is blind. They are keyed by the server's secret (so every
 * process agrees and nobody without it can compute them): a faculty member who also proctors the
 * exam sees attempt ids and names on the monitor, and an unkeyed digest of an attempt id could be
 * computed from them.
 */
export interface BlindCodes {
  /** The script's anonymous code (`XXXX-XXXX`), the same for every evaluator and the admin. */
  attemptCode(attemptId: string): string;
  /** The answer's id as one marker knows it; another marker's id for it differs. */
  markingId(markerId: string, attemptId: string, questionId: string): string;
  /** The answer a marking id names, or null when it is not one this marker was given. */
  answerOf(markerId: string, markingId: string): { attemptId: string; questionId: string } | null;
}

export function blindCodes(secret: string): BlindCodes {
  const codeKey = sealKey(secret, 'examiq attempt codes');
  const tagKey = sealKey(secret, 'examiq marking ids tag');
  const cipherKey = sealKey(secret, 'examiq marking ids cipher');

  const tagOf = (marker: Buffer, answer: Buffer) =>
    createHmac('sha256', tagKey).update(marker).update(answer).digest().subarray(0, TAG_BYTES);
  // The tag is the counter's start (a synthetic IV): deterministic, so a marker's id for an answer
  // stays the same between pages, and authenticated, since the tag is checked on the way back.
  const ctr = (tag: Buffer, bytes: Buffer) =>
    createCipheriv('aes-256-ctr', cipherKey, tag).update(bytes);

  return {
    attemptCode(attemptId) {
      const digest = createHmac('sha256', codeKey).update(uuidBytes(attemptId)).digest();
      let code = '';
      for (let i = 0; i < 8; i++) code += CODE_ALPHABET[(digest[i] as number) % 32];
      return `${code.slice(0, 4)}-${code.slice(4)}`;
    },
    markingId(markerId, attemptId, questionId) {
      const answer = Buffer.concat([uuidBytes(attemptId), uuidBytes(questionId)]);
      const tag = tagOf(uuidBytes(markerId), answer);
      return Buffer.concat([tag, ctr(tag, answer)]).toString('base64url');
    },
    answerOf(markerId, markingId) {
      const bytes = Buffer.from(markingId, 'base64url');
      if (bytes.length !== MARKING_ID_BYTES) return null;
      const tag = bytes.subarray(0, TAG_BYTES);
      const answer = ctr(tag, bytes.subarray(TAG_BYTES));
      if (!timingSafeEqual(tag, tagOf(uuidBytes(markerId), answer))) return null;
      return {
        attemptId: uuidOf(answer.subarray(0, UUID_BYTES)),
        questionId: uuidOf(answer.subarray(UUID_BYTES)),
      };
    },
  };
}
