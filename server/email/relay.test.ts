import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { ServerContext } from '../http/context';
import { queueEmail } from './outbox';
import { startEmailRelay, type MailTransport } from './relay';

describe.each(['duckdb', 'postgres'] as const)('email relay on %s', (dialect) => {
  let test: TestDb;
  let ctx: ServerContext;
  let now = new Date('2026-11-20T12:00:00.000Z');
  beforeAll(async () => {
    test = await openTestDb(dialect);
    ctx = { db: test.db, now: () => now, config: { port: 0, dataDir: '/tmp', databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false } };
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('is off without SMTP configuration', () => {
    expect(startEmailRelay(ctx, { smtpUrl: '' })).toBeNull();
  });

  it('sends each queued email once, even with two relays, and retries failures', async () => {
    const json = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    let failNext = true;
    const transport: MailTransport = {
      async sendMail(message) {
        if (message.to === 'flaky@example.com' && failNext) {
          failNext = false;
          throw new Error('421 try later');
        }
        const info = (await json.sendMail(message)) as { message: string };
        sent.push(JSON.parse(info.message).to[0].address);
        return info;
      },
    };
    await queueEmail(ctx.db, { to: 'a@example.com', subject: 'Hi', body: 'one' }, now);
    await queueEmail(ctx.db, { to: 'flaky@example.com', subject: 'Hi', body: 'two' }, now);
    const a = startEmailRelay(ctx, { transport, intervalMs: 3_600_000 })!;
    const b = startEmailRelay(ctx, { transport, intervalMs: 3_600_000 })!;
    const [ra, rb] = await Promise.all([a.flush(), b.flush()]);
    expect(ra.sent + rb.sent).toBe(1);
    expect(ra.failed + rb.failed).toBe(1);
    // A failure waits for the retry delay, then goes out once.
    expect(await a.flush()).toEqual({ sent: 0, failed: 0 });
    now = new Date(now.getTime() + 61_000);
    expect(await a.flush()).toEqual({ sent: 1, failed: 0 });
    expect(await b.flush()).toEqual({ sent: 0, failed: 0 });
    expect(sent.sort()).toEqual(['a@example.com', 'flaky@example.com']);
    a.stop();
    b.stop();
  });

  it('sends the HTML part and the headers an email carries', async () => {
    const json = nodemailer.createTransport({ jsonTransport: true });
    const messages: { html?: string; headers?: Record<string, string>; text: string }[] = [];
    const transport: MailTransport = {
      async sendMail(message) {
        const info = (await json.sendMail(message)) as { message: string };
        messages.push(JSON.parse(info.message));
        return info;
      },
    };
    const headers = { 'List-Unsubscribe': '<https://app.example/u?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await queueEmail(ctx.db, { to: 'html@example.com', subject: 'Report', body: 'plain', html: '<p>rich</p>', headers }, now);
    const relay = startEmailRelay(ctx, { transport, intervalMs: 3_600_000 })!;
    expect(await relay.flush()).toEqual({ sent: 1, failed: 0 });
    relay.stop();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ text: 'plain', html: '<p>rich</p>', headers });
  });
});
