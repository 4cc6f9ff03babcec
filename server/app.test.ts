import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DEFAULT_CATALOGUE_DIR, loadCatalogue } from './catalogue/load';
import { defineCall } from './http/call';
import type { ServerContext } from './http/context';
import { HttpError } from './http/errors';

/** A throw-away catalogue: a few fake calls plus the real shared schemas. */
function writeCatalogue(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
  fs.mkdirSync(path.join(dir, 'calls'));
  for (const f of ['entities.schema.json', 'error.schema.json']) {
    fs.copyFileSync(path.join(DEFAULT_CATALOGUE_DIR, f), path.join(dir, f));
  }
  const calls = [
    {
      id: 'test.echo',
      method: 'POST',
      path: '/api/test/echo',
      body: {
        type: 'object',
        required: ['name', 'count'],
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 2 }, count: { type: 'integer' } },
      },
      response: {
        type: 'object',
        required: ['greeting'],
        properties: { greeting: { type: 'string' }, at: { $ref: 'entities.schema.json#/definitions/DateTime' } },
      },
    },
    {
      id: 'test.item',
      method: 'GET',
      path: '/api/test/items/{id}',
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      query: { type: 'object', properties: { limit: { type: 'integer', minimum: 1 } } },
      response: { type: 'object', properties: { id: { type: 'integer' }, limit: { type: 'integer' }, user: { type: 'string' } } },
    },
    { id: 'test.crash', method: 'POST', path: '/api/test/crash', response: { type: 'object' } },
    { id: 'test.teapot', method: 'GET', path: '/api/test/teapot', response: { type: 'object' } },
    { id: 'test.later', method: 'GET', path: '/api/test/later', response: { type: 'object' } },
  ];
  for (const c of calls) fs.writeFileSync(path.join(dir, 'calls', `${c.id}.json`), JSON.stringify(c));
  return dir;
}

function writeWeb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Answerscope</title>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

describe('buildApp', () => {
  let app: FastifyInstance;
  const catalogueDir = writeCatalogue();
  const webDir = writeWeb();

  beforeAll(async () => {
    const ctx = {
      db: { query: async () => [{ ok: 1 }] } as unknown as ServerContext['db'],
      config: { port: 0, dataDir: '', databaseUrl: null, publicUrl: 'http://localhost', webDir, secureCookies: false },
      now: () => new Date('2026-11-21T12:00:00Z'),
    } satisfies ServerContext;
    app = await buildApp(
      ctx,
      [
        defineCall<{ name: string }>(
          'test.echo',
          async ({ body, ctx }) => ({ greeting: `Hello ${body.name}`, at: ctx.now().toISOString(), secret: 'dropped' }),
          { auth: false },
        ),
        defineCall<unknown, { limit?: number }, { id: number }>('test.item', async ({ params, query, user }) => ({
          id: params.id,
          limit: query.limit,
          user: user.email,
        })),
        defineCall('test.crash', async () => {
          throw new Error('database exploded');
        }, { auth: false }),
        defineCall('test.teapot', async () => {
          throw new HttpError(418, 'TEAPOT', 'I am a teapot', { brew: 'no' });
        }, { auth: false }),
      ],
      {
        catalogue: loadCatalogue(catalogueDir),
        authenticate: async (request) =>
          request.cookies.session === 'ok' ? { id: 'usr_1', email: 'demo@example.com', name: 'Demo' } : null,
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(catalogueDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves a call at its catalogue path and serialises with the response schema', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Ada', count: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ greeting: 'Hello Ada', at: '2026-11-21T12:00:00.000Z' });
  });

  it('answers 400 VALIDATION_ERROR with every Ajv error', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'A', count: '2', extra: 1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(typeof body.message).toBe('string');
    const keywords = body.details.map((d: { keyword: string }) => d.keyword).sort();
    // "2" is not coerced in a body, a misspelt field is not dropped, and all errors come at once.
    expect(keywords).toEqual(['additionalProperties', 'minLength', 'type']);
  });

  it('answers 400 INVALID_JSON for a malformed body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON', details: null });
  });

  it('answers 404 NOT_FOUND for unknown API routes and for catalogue calls without a route', async () => {
    for (const url of ['/api/nope', '/api/test/later']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Route GET ${url} not found`, code: 'NOT_FOUND', details: null });
    }
    expect(app.notImplemented).toEqual(['test.later']);
  });

  it('answers 500 INTERNAL with the generic message and hides the cause', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error occurred. Please try again.', code: 'INTERNAL', details: null });
  });

  it('answers an HttpError with its own status, code and details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot', code: 'TEAPOT', details: { brew: 'no' } });
  });

  it('asks the auth hook and answers 401 UNAUTHENTICATED without a user', async () => {
    const anon = await app.inject({ method: 'GET', url: '/api/test/items/7?limit=3' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please log in to continue', code: 'UNAUTHENTICATED', details: null });
    const signedIn = await app.inject({ method: 'GET', url: '/api/test/items/7?limit=3', cookies: { session: 'ok' } });
    expect(signedIn.statusCode).toBe(200);
    // Path and query text are coerced to the schema's integers.
    expect(signedIn.json()).toEqual({ id: 7, limit: 3, user: 'demo@example.com' });
    const bad = await app.inject({ method: 'GET', url: '/api/test/items/x?limit=0', cookies: { session: 'ok' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers the health check after asking the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('serves the built front end with an SPA fallback outside /api', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const deepLink = await app.inject({ method: 'GET', url: '/app/prompts/prm_1?tab=x' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toMatch(/text\/html/);
    expect(deepLink.body).toContain('<title>Answerscope</title>');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});

describe('loadCatalogue', () => {
  it('reads the project catalogue without errors', () => {
    const catalogue = loadCatalogue();
    expect(catalogue.shared.map((s) => s.$id).sort()).toEqual(['entities.schema.json', 'error.schema.json']);
    for (const [id, call] of Object.entries(catalogue.calls)) expect(call.id).toBe(id);
  });
});
