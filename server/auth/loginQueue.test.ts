import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { inLoginQueue, LOGIN_CHECK_CONCURRENCY, LOGIN_QUEUE_LIMIT } from './loginQueue';

describe('login queue', () => {
  it('runs a few sign-in checks at once and turns newcomers away with 503 once the line is full', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let peak = 0;
    const check = () =>
      inLoginQueue(
        async () => {
          running++;
          peak = Math.max(peak, running);
          await held;
          running--;
        },
        () => undefined,
      );
    const admitted = Array.from({ length: LOGIN_CHECK_CONCURRENCY + LOGIN_QUEUE_LIMIT }, check);
    await new Promise((resolve) => setImmediate(resolve));
    let retryAfter = 0;
    const turnedAway = await inLoginQueue(async () => 'ran', (seconds) => (retryAfter = seconds)).catch((err: unknown) => err);
    expect(turnedAway).toBeInstanceOf(HttpError);
    expect((turnedAway as HttpError).statusCode).toBe(503);
    expect((turnedAway as HttpError).code).toBe('SERVER_BUSY');
    expect(retryAfter).toBeGreaterThan(0);
    release();
    await Promise.all(admitted);
    expect(peak).toBe(LOGIN_CHECK_CONCURRENCY);
    expect(await inLoginQueue(async () => 'ran', () => undefined)).toBe('ran');
  });
});
