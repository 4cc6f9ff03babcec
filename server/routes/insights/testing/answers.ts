// Helpers for tests that send one request to two apps (e.g. one reading rollups, one the raw facts)
// and require the same answer.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../../app';
import type { Db } from '../../../db/types';
import type { ServerContext } from '../../../http/context';
import type { AuthUser, CallRoute } from '../../../http/call';

const SCHEMAS = path.resolve(import.meta.dirname, '../../../../schemas/api/calls');

/** A call's path and the fields its request body may carry (from its schema). */
export function callSchema(id: string): { path: string; fields: Set<string> } {
  const schema = JSON.parse(fs.readFileSync(path.join(SCHEMAS, `${id}.json`), 'utf8'));
  return { path: schema.path, fields: new Set(Object.keys(schema.body.properties)) };
}

/** An app over `db` at `now`, signed in as `user`, reading `factSource` for its window aggregates. */
export function appReading(db: Db, factSource: 'rollups' | 'raw', routes: CallRoute[], now: Date, user: AuthUser) {
  const ctx: ServerContext = {
    db,
    now: () => now,
    config: { port: 0, dataDir: '/tmp', databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false, factSource },
  };
  return buildApp(ctx, routes, { authenticate: async () => user });
}

/**
 * Where two answers differ (a path and both values), or null when they are equal. Numbers must be
 * equal, except on a sentiment path, where summing the same sentiments in another order may move a
 * rounding to 0.01 by one step; `keySlack` may allow another slack for a key of an object.
 */
export function answerDifference(
  a: unknown,
  b: unknown,
  keySlack?: (key: string, parent: Record<string, unknown>) => number | undefined,
  at = '$',
): string | null {
  if (typeof a === 'number' && typeof b === 'number') {
    const slack = /sentiment/i.test(at) ? 0.0100001 : 0;
    return Math.abs(a - b) <= slack ? null : `${at}: ${a} ≠ ${b}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} items ≠ ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = answerDifference(a[i], b[i], keySlack, `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const [x, y] = [(a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]];
      const slack = typeof x === 'number' && typeof y === 'number' ? keySlack?.(k, a as Record<string, unknown>) : undefined;
      if (slack !== undefined) {
        if (Math.abs((x as number) - (y as number)) > slack) return `${at}.${k}: ${x} ≠ ${y} (slack ${slack.toFixed(3)})`;
        continue;
      }
      const d = answerDifference(x, y, keySlack, `${at}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}
