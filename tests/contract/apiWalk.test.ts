import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueCall } from '../../server/catalogue/load';
import { postgresReachable, startTestServer, type TestServer } from '../support/harness';
import { requestFor, type WalkIds } from './requests';
import { catalogue, discoverWalkIds, isErrorShape, json, orderedCalls, responseValidator, send, walkEveryCall } from './walk';

// The contract walk: every catalogue call is called on a seeded database, on DuckDB and on
// PostgreSQL, and its answer is validated against the call's response schema; then the same calls
// as a user who owns none of the brands (refused), and with generated bad bodies (400, never 500).

const calls = orderedCalls();

/** Calls that read or write a brand's data, by what their request names. */
const isBrandScoped = (call: CatalogueCall) => {
  const props = { ...(call.body?.properties as object), ...(call.query?.properties as object) };
  return 'brandId' in props || 'promptId' in props || (call.path.includes('/prompts/') && !!call.params) || call.path.startsWith('/api/brands/{id}') || call.path.startsWith('/api/brands/:id');
};

const DIALECTS = ['duckdb', 'postgres'] as const;

for (const dialect of DIALECTS) {
  describe(`API contract on ${dialect}`, () => {
    let server: TestServer;
    let cookie: string;
    let ids: WalkIds;

    beforeAll(async () => {
      if (dialect === 'postgres' && !(await postgresReachable())) {
        throw new Error('PostgreSQL is not reachable at TEST_DATABASE_URL (127.0.0.1:5432/test): the contract must hold on both databases');
      }
      server = await startTestServer({ dialect, days: 20 });
      cookie = await server.login();
      ids = await discoverWalkIds(server, cookie);
    });

    afterAll(async () => {
      await server?.close();
    });

    it('has a walk request for every catalogue call', () => {
      const missing = calls.filter((c) => !requestFor(c.id, ids)).map((c) => c.id);
      expect(missing).toEqual([]);
    });

    it('answers every call with data valid against its response schema', { timeout: 300_000 }, async () => {
      const problems: string[] = [];
      await walkEveryCall(server, ids, cookie, ({ call, request, response: res }) => {
        const expected = request.status ?? 200;
        if (res.statusCode !== expected && !(expected === 200 && res.statusCode >= 200 && res.statusCode < 300)) {
          problems.push(`${call.id}: status ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 300)}`);
          return;
        }
        if (!String(res.headers['content-type'] ?? '').includes('application/json')) return;
        if (expected >= 400) {
          if (!isErrorShape(res.json())) problems.push(`${call.id}: error answer without {message, code, details}`);
          return;
        }
        const validate = responseValidator(call);
        if (!validate(res.json())) {
          problems.push(`${call.id}: response does not match its schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
        }
      });
      expect(problems).toEqual([]);
    });

    it('refuses every brand-scoped call to a user who does not own the brand', { timeout: 300_000 }, async () => {
      const outsider = await server.login('lapsed@example.com');
      const problems: string[] = [];
      const scoped = calls.filter(isBrandScoped);
      expect(scoped.length).toBeGreaterThan(25);
      for (const call of scoped) {
        const req = requestFor(call.id, { ...ids, scratchBrandId: ids.brandId });
        if (!req) continue;
        const res = await send(server, call, req, outsider);
        if (![403, 404].includes(res.statusCode) || !isErrorShape(json(res))) {
          problems.push(`${call.id}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      expect(problems).toEqual([]);
      // The refusals changed nothing: the demo brand still has its data. (Read from the database: the
      // walk above canceled the demo subscription, so the insight calls now answer 402.)
      const [{ n }] = await server.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1', [ids.brandId]);
      expect(Number(n)).toBeGreaterThan(0);
    });

    it('answers bad bodies with 400 and the error shape, never 500', { timeout: 600_000 }, async () => {
      const ajv = new Ajv({ allErrors: true, strict: false });
      addFormats(ajv);
      for (const s of catalogue.shared) ajv.addSchema(s);
      const problems: string[] = [];
      let sent = 0;
      for (const call of calls) {
        if (!call.body || call.method === 'GET') continue;
        const valid = requestFor(call.id, { ...ids, scratchBrandId: 'brd_missing' });
        const validateBody = ajv.compile(call.body);
        for (const body of badBodies(call, valid?.body)) {
          if (validateBody(body)) continue; // only bodies the schema itself refuses
          const res = await send(server, call, { ...valid, body }, cookie);
          sent++;
          if (res.statusCode !== 400 || !isErrorShape(json(res))) {
            problems.push(`${call.id} ${JSON.stringify(body).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
        // Not JSON at all.
        const raw = await server.app.inject({
          method: call.method, url: call.path.replace(/[:{]id}?/, 'x'), headers: { cookie, 'content-type': 'application/json' },
          payload: '{"brandId": ',
        });
        sent++;
        if (raw.statusCode >= 500 || !isErrorShape(json(raw))) problems.push(`${call.id} malformed JSON → ${raw.statusCode}`);
      }
      expect(sent).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    });
  });
}

/** Bodies that break the schema in the ways clients do: wrong container, missing, wrong types, extra fields. */
function badBodies(call: CatalogueCall, valid: unknown): unknown[] {
  const base = valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const out: unknown[] = [[], 'text', 42, null, {}, { ...base, unexpectedField: true }];
  const props = Object.keys((call.body?.properties as object) ?? {});
  for (const key of props) {
    const { [key]: _, ...without } = base;
    out.push(without);
    for (const wrong of [12345, 'not-a-valid-value', true, { nested: 1 }, ['x'], '', 'x'.repeat(5000)]) {
      out.push({ ...base, [key]: wrong });
    }
  }
  return out;
}
