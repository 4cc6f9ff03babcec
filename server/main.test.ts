// The real server entry (tsx server/main.ts) started as a child process with a temp DATA_DIR:
// production-mode start-up refusals, first-run data, and the permissions of what it writes.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/freePort';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dirs: string[] = [];
const running = new Set<ChildProcess>();
afterAll(() => {
  // A failed or timed-out test leaves no server behind.
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-'));
  dirs.push(dir);
  return dir;
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts server/main.ts with only the given settings (no inherited NODE_ENV, DATABASE_URL or
 * SESSION_SECRET), a tiny demo dataset when one is loaded, and the API alone.
 */
async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      DEMO_SCALE: '0.02',
      DEMO_DAYS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => `${stdout}\n--- stderr ---\n${stderr}`,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The process's stderr once it has exited (it must exit by itself, non-zero). */
async function refusal(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const s = await start(env);
  const code = await s.exited;
  return { code, stderr: s.output().split('--- stderr ---\n')[1] };
}

/** Waits until /readyz answers 200; fails with the server's output if the process ends first. */
async function ready(s: Started): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited (${s.child.exitCode}):\n${s.output()}`);
    try {
      if ((await fetch(`${s.baseUrl}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${s.output()}`);
}

async function login(s: Started, email: string, password: string): Promise<Response> {
  return fetch(`${s.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One line on stderr, no stack trace. */
function expectOneLine(stderr: string, reason: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Answerscope cannot start: /);
  expect(lines[0]).toMatch(reason);
}

function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    out[path.relative(dir, p) || '.'] = (st.mode & 0o777).toString(8);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return out;
}

describe('server start-up (server/main.ts)', () => {
  it('production mode with an empty data dir refuses to start with a one-line reason and creates nothing', async () => {
    const dir = tempDir();
    const { code, stderr } = await refusal({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(code).toBe(1);
    expectOneLine(stderr, /no accounts.*ADMIN_EMAIL and ADMIN_PASSWORD.*DEMO_DATA=1/);
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 60_000);

  it('APP_MODE=production is production mode too', async () => {
    const { code, stderr } = await refusal({ APP_MODE: 'production', DATA_DIR: tempDir() });
    expect(code).toBe(1);
    expectOneLine(stderr, /no accounts/);
  }, 60_000);

  it('a missing DATA_DIR in production, and a DATA_DIR that is a file, are one-line errors', async () => {
    const missing = path.join(tempDir(), 'not-mounted');
    const a = await refusal({ NODE_ENV: 'production', DATA_DIR: missing, DEMO_DATA: '1' });
    expect(a.code).toBe(1);
    expectOneLine(a.stderr, /DATA_DIR .*not-mounted does not exist/);
    expect(fs.existsSync(missing)).toBe(false);

    const file = path.join(tempDir(), 'data');
    fs.writeFileSync(file, 'not a folder');
    const b = await refusal({ DATA_DIR: file });
    expect(b.code).toBe(1);
    expectOneLine(b.stderr, /DATA_DIR .*data is not a directory/);
    const c = await refusal({ DATA_DIR: path.join(file, 'below') });
    expect(c.code).toBe(1);
    expectOneLine(c.stderr, /is not a directory/);
  }, 120_000);

  it('a SESSION_SECRET shorter than 32 bytes is refused in production', async () => {
    const { code, stderr } = await refusal({ NODE_ENV: 'production', DATA_DIR: tempDir(), DEMO_DATA: '1', SESSION_SECRET: 'x' });
    expect(code).toBe(1);
    expectOneLine(stderr, /SESSION_SECRET is 1 bytes; it must be at least 32/);
  }, 60_000);

  it('production with DEMO_DATA=1 seeds; its files are 0600 and folders 0700 (loose ones tightened); local payments are off', async () => {
    const dir = tempDir();
    // Left by an older version with a loose umask.
    fs.mkdirSync(path.join(dir, 'uploads'), { mode: 0o755 });
    fs.chmodSync(path.join(dir, 'uploads'), 0o755);
    fs.writeFileSync(path.join(dir, 'uploads', 'old.png'), 'png');
    fs.chmodSync(path.join(dir, 'uploads', 'old.png'), 0o644);
    fs.chmodSync(dir, 0o755);

    const s = await start({ NODE_ENV: 'production', DATA_DIR: dir, DEMO_DATA: '1', SESSION_SECRET: 'k'.repeat(32) });
    try {
      await ready(s);
      expect(s.output()).toContain('Demo logins');
      const res = await login(s, 'demo@example.com', 'demo-password');
      expect(res.status).toBe(200);
      const checkout = await fetch(`${s.baseUrl}/api/onboarding/checkout-session`, {
        method: 'POST',
        headers: { cookie: cookiesOf(res) },
      });
      expect(checkout.status).toBe(503);
      expect(await checkout.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
      const found = modes(dir);
      expect(Object.keys(found)).toEqual(expect.arrayContaining(['answerscope.duckdb', 'uploads', 'uploads/old.png', 'tmp']));
      for (const [name, mode] of Object.entries(found)) {
        expect(mode, name).toBe(fs.statSync(path.join(dir, name)).isDirectory() ? '700' : '600');
      }
    } finally {
      await s.stop();
    }

    // The same database in production without DEMO_DATA=1: its demo logins are not served.
    const again = await refusal({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: 'k'.repeat(32) });
    expect(again.code).toBe(1);
    expectOneLine(again.stderr, /demo accounts with their published password/);
  }, 180_000);

  it('production with ADMIN_EMAIL and ADMIN_PASSWORD creates the first account and no demo logins', async () => {
    const dir = tempDir();
    const s = await start({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'correct horse battery',
    });
    try {
      await ready(s);
      expect(s.output()).not.toContain('demo-password');
      expect((await login(s, 'demo@example.com', 'demo-password')).status).toBe(401);
      const res = await login(s, 'owner@example.com', 'correct horse battery');
      expect(res.status).toBe(200);
      const me = await fetch(`${s.baseUrl}/api/users/me`, { headers: { cookie: cookiesOf(res) } });
      expect(await me.json()).toMatchObject({ email: 'owner@example.com', isOnboarded: false, userSubscription: null });
      // The generated session secret is private too.
      expect((fs.statSync(path.join(dir, 'secret')).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await s.stop();
    }
  }, 120_000);

  it('outside production a missing DATA_DIR is created and the demo data and logins come as before', async () => {
    const dir = path.join(tempDir(), 'fresh', 'data');
    const s = await start({ DATA_DIR: dir, SESSION_SECRET: 'short' });
    try {
      await ready(s);
      expect(s.output()).toMatch(/Warning: SESSION_SECRET is 5 bytes/);
      expect(s.output()).toContain('Demo logins (password "demo-password")');
      expect((await login(s, 'demo@example.com', 'demo-password')).status).toBe(200);
      expect((fs.statSync(dir).mode & 0o777).toString(8)).toBe('700');
    } finally {
      await s.stop();
    }
  }, 120_000);
});
