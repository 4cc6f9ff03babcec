import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountApp, type AccountTestApp } from '../routes/account/testSupport';

// The framework's own refusals, sent over a real socket to a listening server (app.inject skips
// Node's HTTP parser, where over-large headers and malformed requests are refused).

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}

/** Writes `request` as it is and reads the answer until the server closes or 2 s pass. */
function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      socket.destroy();
      try {
        resolve(parseAnswer(text));
      } catch (err) {
        reject(err);
      }
    };
    const timer = setTimeout(done, 2000);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, split));
      if (split >= 0 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.write(request);
  });
}

const get = (path: string, extraHeaders = '') => `GET ${path} HTTP/1.1\r\nHost: localhost:8080\r\n${extraHeaders}Connection: close\r\n\r\n`;

/** What the tests compare: the status, the body's shape and code, and the security headers. */
function summary(answer: RawAnswer) {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(answer.body);
  } catch {
    /* not JSON: the keys below say so */
  }
  return {
    status: answer.status,
    json: (answer.headers['content-type'] ?? '').startsWith('application/json'),
    keys: Object.keys(body).sort(),
    code: body.code,
    messageIsText: typeof body.message === 'string',
    // Even refusals written outside Fastify's hooks carry the security headers.
    nosniff: answer.headers['x-content-type-options'] === 'nosniff',
    frameAncestorsNone: (answer.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'"),
    cacheControl: answer.headers['cache-control'],
  };
}

const refusal = (status: number, code: string) => ({
  status,
  json: true,
  keys: ['code', 'details', 'message'],
  code,
  messageIsText: true,
  nosniff: true,
  frameAncestorsNone: true,
  cacheControl: 'no-store',
});

describe('framework-level errors use the {message, code, details} body', () => {
  let t: AccountTestApp;
  let port: number;

  beforeAll(async () => {
    t = await startAccountApp('duckdb');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('431 HEADERS_TOO_LARGE for headers past the server limit', async () => {
    expect(summary(await rawRequest(port, get('/api/config', `X-Big: ${'a'.repeat(40_000)}\r\n`)))).toEqual(refusal(431, 'HEADERS_TOO_LARGE'));
  });

  it('431 for a URL past the header limit too (Node counts the request line)', async () => {
    expect(summary(await rawRequest(port, get(`/api/config?q=${'a'.repeat(40_000)}`)))).toEqual(refusal(431, 'HEADERS_TOO_LARGE'));
  });

  it('414 URI_TOO_LONG for an over-long path parameter', async () => {
    expect(summary(await rawRequest(port, get(`/api/users/profile-pictures/${'a'.repeat(500)}.png`)))).toEqual(refusal(414, 'URI_TOO_LONG'));
  });

  it('400 BAD_URL for a URL that does not decode', async () => {
    expect(summary(await rawRequest(port, get('/api/users/profile-pictures/%E0%A4%A.png')))).toEqual(refusal(400, 'BAD_URL'));
  });

  it('400 BAD_REQUEST for a request Node cannot parse', async () => {
    expect(summary(await rawRequest(port, 'GET /a b c\r\n\r\n'))).toEqual(refusal(400, 'BAD_REQUEST'));
  });

  it('400 INVALID_JSON for a malformed JSON body', async () => {
    const body = '{"email": "a@b.c",';
    const answer = await rawRequest(
      port,
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost:8080\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(summary(answer)).toEqual(refusal(400, 'INVALID_JSON'));
  });

  it('404 NOT_FOUND for an unknown route', async () => {
    expect(summary(await rawRequest(port, get('/api/no/such/route')))).toEqual(refusal(404, 'NOT_FOUND'));
  });

  it('405 METHOD_NOT_ALLOWED with Allow: POST for logout by GET', async () => {
    const answer = await rawRequest(port, get('/api/auth/logout?redirectUrl=%2F'));
    expect(summary(answer)).toEqual(refusal(405, 'METHOD_NOT_ALLOWED'));
    expect(answer.headers.allow).toBe('POST');
    expect(answer.headers.location).toBeUndefined();
  });
});
