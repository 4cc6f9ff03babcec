import { describe, expect, it } from 'vitest';
import { answerCacheFor, createAnswerCache } from './answerCache';

describe('answer cache', () => {
  it('reuses an answer for the same key until it expires', async () => {
    let t = 0;
    let computed = 0;
    const cache = createAnswerCache({ maxEntries: 10, ttlMs: 1000, now: () => t });
    const compute = async () => ++computed;
    expect(await cache.answer('a', compute)).toBe(1);
    expect(await cache.answer('a', compute)).toBe(1);
    expect(await cache.answer('b', compute)).toBe(2);
    t = 1000;
    expect(await cache.answer('a', compute)).toBe(3);
  });

  it('shares one computation between concurrent requests', async () => {
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = createAnswerCache({ maxEntries: 10, ttlMs: 1000 });
    const compute = async () => {
      computed++;
      await gate;
      return 'x';
    };
    const answers = Promise.all([cache.answer('k', compute), cache.answer('k', compute), cache.answer('k', compute)]);
    release();
    expect(await answers).toEqual(['x', 'x', 'x']);
    expect(computed).toBe(1);
  });

  it('does not keep a failure', async () => {
    const cache = createAnswerCache({ maxEntries: 10, ttlMs: 1000 });
    await expect(cache.answer('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.answer('k', async () => 'ok')).toBe('ok');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = createAnswerCache({ maxEntries: 2, ttlMs: 1000 });
    let computed = 0;
    const compute = async () => ++computed;
    await cache.answer('a', compute); // 1
    await cache.answer('b', compute); // 2
    await cache.answer('a', compute); // reused: a is now the most recent
    await cache.answer('c', compute); // 3, drops b
    expect(cache.size).toBe(2);
    expect(await cache.answer('a', compute)).toBe(1);
    expect(await cache.answer('b', compute)).toBe(4);
  });

  it('is off unless the config gives it entries, and one per config', () => {
    expect(answerCacheFor({})).toBeNull();
    expect(answerCacheFor({ answerCacheEntries: 0 })).toBeNull();
    const config = { answerCacheEntries: 5 };
    expect(answerCacheFor(config)).toBe(answerCacheFor(config));
    expect(answerCacheFor({ answerCacheEntries: 5 })).not.toBe(answerCacheFor(config));
  });
});
