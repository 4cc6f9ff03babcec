import { describe, expect, it } from 'vitest';
import { forgetPrefetched, prefetchId, prefetchRequest, prefetchedAnswer, takePrefetched } from './prefetched';

// Each test uses its own keys: the registry is one per page view (module state).
const key = (name: string) => [name, '[{"brandId":"b1"},null,null]'] as const;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetched requests', () => {
  it('sends one request per key and hands it over once', async () => {
    let sent = 0;
    const send = () => {
      sent += 1;
      return Promise.resolve({ n: sent });
    };
    prefetchRequest(key('a'), send);
    prefetchRequest(key('a'), send);
    expect(sent).toBe(1);
    const id = prefetchId(key('a'));
    const taken = takePrefetched(id, () => Promise.resolve('again'));
    await expect(taken).resolves.toEqual({ n: 1 });
    expect(takePrefetched(id, () => Promise.resolve('again'))).toBeUndefined();
  });

  it('shows an answer once it is in, until it is forgotten', async () => {
    prefetchRequest(key('b'), () => Promise.resolve([1, 2]));
    const id = prefetchId(key('b'));
    expect(prefetchedAnswer(id)).toBeUndefined();
    await tick();
    expect(prefetchedAnswer(id)).toEqual({ data: [1, 2] });
    forgetPrefetched(id);
    expect(prefetchedAnswer(id)).toBeUndefined();
    expect(takePrefetched(id, () => Promise.resolve('again'))).toBeUndefined();
  });

  it('a refused speculative request is asked again; a refused signed-in one is the error', async () => {
    const refused = Object.assign(new Error('Please log in to continue'), { status: 401 });
    prefetchRequest(key('c'), () => Promise.reject(refused), true);
    prefetchRequest(key('d'), () => Promise.reject(refused), false);
    await tick();
    expect(prefetchedAnswer(prefetchId(key('c')))).toBeUndefined();
    await expect(takePrefetched(prefetchId(key('c')), () => Promise.resolve('asked again'))).resolves.toBe('asked again');
    await expect(takePrefetched(prefetchId(key('d')), () => Promise.resolve('asked again'))).rejects.toBe(refused);
  });
});
