import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Semaphore } from './semaphore';

/** scrypt cost parameters (N=2^14, r=8, p=1: OWASP's minimum, ~50 ms and 16 MiB per hash). */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

/**
 * How many hashes may run at once; the rest wait in line. scrypt runs on libuv's thread pool
 * (UV_THREADPOOL_SIZE threads, 4 by default), which the DuckDB driver and file reads share, and
 * each hash keeps a core busy: a login burst that took every thread stalled every other request for
 * seconds. At most half the pool and half the cores (at least one) go to hashing.
 */
export const SCRYPT_CONCURRENCY = Math.max(1, Math.min(Math.floor(threadPoolSize() / 2), Math.floor(availableParallelism() / 2)));
const hashing = new Semaphore(SCRYPT_CONCURRENCY);

function threadPoolSize(): number {
  const size = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 4;
}

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** Hash in the self-describing format `scrypt$N$r$p$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  try {
    const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r });
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}
