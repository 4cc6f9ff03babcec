// A login flood for `npm run bench:load`: wrong-password logins for made-up emails, sent from
// rotating loopback addresses (127.0.1.1-250, so the per-address login throttle does not end it
// after 30 attempts and every attempt that gets through costs a password hash), with a fixed number
// in flight. Bounded: it stops at --duration seconds, --max attempts or SIGTERM, and only ever
// talks to a loopback URL. Prints one JSON line of counts when it ends.
//   tsx scripts/benchLoginFlood.ts --url http://127.0.0.1:8080 --duration 30 [--concurrency 50 --max 20000]
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    duration: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '50' },
    max: { type: 'string', default: '20000' },
  },
});
const target = new URL(values.url ?? '');
if (!['127.0.0.1', 'localhost'].includes(target.hostname)) throw new Error(`The flood only targets loopback, not ${target.hostname}`);
const deadline = Date.now() + Number(values.duration) * 1000;
const max = Number(values.max);
const concurrency = Number(values.concurrency);

let sent = 0;
let stopping = false;
const byStatus: Record<string, number> = {};
const errors: Record<string, number> = {};
process.once('SIGTERM', () => (stopping = true));

function attempt(n: number): Promise<void> {
  const body = JSON.stringify({ email: `flood${n}@example.com`, password: 'wrong-password' });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/auth/login',
        method: 'POST',
        localAddress: `127.0.1.${(n % 250) + 1}`,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (res) => {
        byStatus[res.statusCode ?? 0] = (byStatus[res.statusCode ?? 0] ?? 0) + 1;
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? err.message;
      errors[code] = (errors[code] ?? 0) + 1;
      resolve();
    });
    req.end(body);
  });
}

async function worker(): Promise<void> {
  while (!stopping && Date.now() < deadline && sent < max) await attempt(sent++);
}

const started = Date.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (Date.now() - started) / 1000;
console.log(JSON.stringify({ sent, byStatus, errors, seconds, perSecond: Math.round(sent / seconds) }));
