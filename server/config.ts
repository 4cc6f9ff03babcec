import path from 'node:path';
import type { ServerConfig } from './http/context';

/** Reads the server configuration from the environment; every value has a working local default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const webDir = env.WEB_DIR === '' ? null : path.resolve(env.WEB_DIR ?? 'dist');
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    publicUrl,
    webDir,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
