import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { connectRedis } from './redis';

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

describe('connectRedis', () => {
  it('refuses to start with one clear line, without the password, when Redis refuses the connection', async () => {
    const port = await closedPort();
    const error = await connectRedis(`redis://:s3cret@127.0.0.1:${port}/0`).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(
      new RegExp(
        `^Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}/0 cannot be reached \\(.*ECONNREFUSED.*\\): start it, or correct REDIS_URL$`,
      ),
    );
    expect(error.message).not.toContain('s3cret');
  });

  it('gives up on a Redis that never answers after the wait', async () => {
    // A listener that accepts and then says nothing, as a firewall that drops packets would.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('No port');
    const error = await connectRedis(`redis://127.0.0.1:${address.port}`, 300).catch((e) => e);
    silent.close();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('(no answer in 0.3 s)');
  });

  it.runIf(process.env.REDIS_URL)('connects to a Redis that answers', async () => {
    const redis = await connectRedis(process.env.REDIS_URL ?? '');
    expect(await redis.ping()).toBe('PONG');
    await redis.quit();
  });
});
