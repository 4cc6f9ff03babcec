import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/freePort';

/** The product as `npm start` runs it (built front end + API, fresh database with the demo data). */
export interface RunningServer {
  baseUrl: string;
  log: () => string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** PostgreSQL instead of DuckDB (a test that writes to the database itself needs it: DuckDB admits one process). */
  databaseUrl?: string;
  /** Runs after the server has stopped (e.g. dropping the test's database). */
  afterStop?: () => Promise<void>;
  timeoutMs?: number;
}

export async function startProductServer(options: ServerOptions | number = {}): Promise<RunningServer> {
  const { databaseUrl = '', afterStop, timeoutMs = 300_000 } = typeof options === 'number' ? { timeoutMs: options } : options;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // node itself (not npx) so that stopping it stops the server. dist/ must be built already.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await afterStop?.();
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) return { baseUrl, log: () => log, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`server did not start within ${timeoutMs} ms:\n${log}`);
}
