import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { Db } from '../../db/types';
import { defineCall } from '../../http/call';
import { iso, parseList } from '../prompts/sql';
import { readNotifications, readPrivacy } from './settings';
import { loadUserRow } from './userView';

// Settings > Data and Privacy > 'Export my data': everything the account owns, in one document.
// Every query is keyed by the caller's id, or by the ids of the brands the caller owns
// (brand_members role 'owner'), so another account's rows cannot appear; brands only shared with
// the caller belong to their owner's export. The password hash and session rows never leave.

type Row = Record<string, unknown>;

function groupBy<T extends Row>(rows: T[], key: string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = String(row[key]);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

async function ownedBrandRows(db: Db, userId: string) {
  return db.query<{ id: string; name: string; url: string; location: string; created_at: unknown }>(
    `SELECT b.id, b.name, b.url, b.location, b.created_at FROM brands b
       JOIN brand_members m ON m.brand_id = b.id AND m.user_id = $1 AND m.role = 'owner'
      ORDER BY b.created_at, b.id`,
    [userId],
  );
}

type BrandRow = Awaited<ReturnType<typeof ownedBrandRows>>[number];

/** One owned brand with everything under it. Brand by brand, so an export never holds more than one brand's history. */
async function brandDocument(db: Db, b: BrandRow) {
  const [competitors, prompts, runs, mentions, citations] = await Promise.all([
    db.query<Row>(`SELECT brand_id, name, created_at FROM competitors WHERE brand_id = $1 ORDER BY created_at, name_key`, [b.id]),
    db.query<Row>(
      `SELECT id, brand_id, text, frequency_cron, providers, locations, state, created_at FROM prompts WHERE brand_id = $1 ORDER BY created_at, id`,
      [b.id],
    ),
    db.query<Row>(`SELECT id, brand_id, prompt_id, provider, location, created_at, answer_text FROM runs WHERE brand_id = $1 ORDER BY created_at, id`, [b.id]),
    db.query<Row>(`SELECT run_id, entity_name, rank, sentiment FROM mentions WHERE brand_id = $1 ORDER BY run_id, rank`, [b.id]),
    db.query<Row>(`SELECT run_id, position, url, domain, title FROM citations WHERE brand_id = $1 ORDER BY run_id, position`, [b.id]),
  ]);
  const runsOf = groupBy(runs, 'prompt_id');
  const mentionsOf = groupBy(mentions, 'run_id');
  const citationsOf = groupBy(citations, 'run_id');
  return {
    id: b.id,
    name: b.name,
    url: b.url,
    location: b.location,
    createdAt: iso(b.created_at),
    competitors: competitors.map((c) => ({ name: String(c.name), createdAt: iso(c.created_at) })),
    prompts: prompts.map((p) => ({
      id: String(p.id),
      text: String(p.text),
      frequencyCron: String(p.frequency_cron),
      providers: parseList(p.providers),
      locations: parseList(p.locations),
      state: String(p.state),
      createdAt: iso(p.created_at),
      runs: (runsOf.get(String(p.id)) ?? []).map((r) => ({
        id: String(r.id),
        provider: String(r.provider),
        location: String(r.location),
        createdAt: iso(r.created_at),
        answer: String(r.answer_text),
        mentions: (mentionsOf.get(String(r.id)) ?? []).map((m) => ({ name: String(m.entity_name), rank: Number(m.rank), sentiment: Number(m.sentiment) })),
        citations: (citationsOf.get(String(r.id)) ?? []).map((c) => ({
          position: Number(c.position),
          url: String(c.url),
          domain: String(c.domain),
          title: c.title === null || c.title === undefined ? null : String(c.title),
        })),
      })),
    })),
  };
}

/** The export without its brands: profile, settings and billing. */
export async function exportAccountHead(db: Db, userId: string, now: Date) {
  const user = await loadUserRow(db, userId);
  const [subscriptions, invoices, methods] = await Promise.all([
    db.query<Row>(
      `SELECT s.id, p.name AS plan_name, s.status, s.current_period_end, s.created_at
         FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
        WHERE s.user_id = $1 ORDER BY s.created_at, s.id`,
      [userId],
    ),
    db.query<Row>(`SELECT id, amount_cents, created_at, status FROM invoices WHERE user_id = $1 ORDER BY created_at, id`, [userId]),
    db.query<Row>(`SELECT card_brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = $1`, [userId]),
  ]);
  const method = methods[0];
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username ?? null,
      role: user.role,
      profilePicture: user.profile_picture ?? null,
      phone: user.phone ?? null,
      address: user.address ?? null,
      city: user.city ?? null,
      state: user.state ?? null,
      country: user.country ?? null,
      postalCode: user.postal_code ?? null,
      tenantId: user.tenant_id,
      createdAt: iso(user.created_at),
      isOnboarded: Boolean(user.is_onboarded),
    },
    settings: { privacy: readPrivacy(user.privacy_settings), notifications: readNotifications(user.notification_settings) },
    subscriptions: subscriptions.map((s) => ({
      id: String(s.id),
      planName: s.plan_name === null || s.plan_name === undefined ? null : String(s.plan_name),
      status: String(s.status),
      currentPeriodEnd: s.current_period_end === null || s.current_period_end === undefined ? null : iso(s.current_period_end),
      createdAt: iso(s.created_at),
    })),
    invoices: invoices.map((i) => ({ id: String(i.id), amount: Number(i.amount_cents), created: iso(i.created_at), status: String(i.status) })),
    paymentMethod: method
      ? { brand: String(method.card_brand), last4: String(method.last4), expMonth: Number(method.exp_month), expYear: Number(method.exp_year) }
      : null,
  };
}

/**
 * Writes the whole export as one JSON document: the head, then each owned brand as it is read.
 * Streaming sends the headers at once (the client's request timeout covers only the wait for them)
 * and keeps memory to one brand however large the account.
 */
export async function writeAccountExport(db: Db, userId: string, head: Awaited<ReturnType<typeof exportAccountHead>>, out: Writable): Promise<void> {
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(`${JSON.stringify(head).slice(0, -1)},"brands":[`);
  const brands = await ownedBrandRows(db, userId);
  for (const [i, brand] of brands.entries()) await write((i ? ',' : '') + JSON.stringify(await brandDocument(db, brand)));
  out.end(']}');
}

export const exportMyData = defineCall('users.me.export', async ({ user, ctx, reply }) => {
  const out = new PassThrough();
  // The first read fails before any byte is sent (an ordinary error answer); a later failure
  // cuts the stream, which the browser reports as a failed download rather than a truncated file.
  const head = await exportAccountHead(ctx.db, user.id, ctx.now());
  void (async () => {
    try {
      await writeAccountExport(ctx.db, user.id, head, out);
    } catch (err) {
      reply.log.error({ err }, 'data export failed');
      out.destroy(err as Error);
    }
  })();
  return reply
    .type('application/json; charset=utf-8')
    // a download, never cached by the browser or a proxy
    .header('cache-control', 'no-store')
    .header('content-disposition', 'attachment; filename="answerscope-export.json"')
    .send(out);
});
