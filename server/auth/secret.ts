import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../http/context';

const cache = new Map<string, Buffer>();

/**
 * The key that signs access tokens. SESSION_SECRET wins (several API instances must share it);
 * otherwise a random key is created once in DATA_DIR/secret so restarts keep sessions valid.
 */
export function loadSessionSecret(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.SESSION_SECRET) return Buffer.from(env.SESSION_SECRET, 'utf8');
  const file = path.join(config.dataDir, 'secret');
  const cached = cache.get(file);
  if (cached) return cached;
  let secret: Buffer;
  try {
    secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const fresh = randomBytes(32).toString('hex');
    try {
      // 'wx' fails if another process created it first; then read theirs so both agree.
      fs.writeFileSync(file, fresh + '\n', { mode: 0o600, flag: 'wx' });
    } catch {
      /* created concurrently */
    }
    secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }
  if (secret.length < 16) throw new Error(`${file} does not hold a usable secret`);
  cache.set(file, secret);
  return secret;
}
