import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/harness';
import { DEMO_CATALOGS } from '../seed/generator/catalog/index';
import { runCompetitorAlerts, runPromptAlerts, runWeeklyReports } from './jobs';

// The alerts on the generated demo data (DuckDB), end to end: facts → insight queries → the
// statistics → the templates → the outbox, and the unsubscribe link back to the settings.
const DAY = 86_400_000;

interface Mail {
  id: string;
  subject: string;
  body: string;
  html: string;
  headers: string;
}

/**
 * Every link of an email to a screen of the app opens the email's brand (`?brand=<id>`, which the app
 * reads on any /app address), in the HTML and the plain text alike; returns the HTML's links.
 */
function expectBrandLinks(mail: Mail, brandId: string): string[] {
  const html = [...mail.html.matchAll(/href="([^"]*\/app\/[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  const text = [...mail.body.matchAll(/https?:\/\/\S*\/app\/[^\s)\]>]*/g)].map((m) => m[0]);
  expect(html.length).toBeGreaterThan(0);
  for (const link of [...html, ...text]) expect(new URL(link).searchParams.get('brand'), link).toBe(brandId);
  return html;
}

describe('alerts and weekly reports on the demo data', () => {
  let server: TestServer;
  let demoUser: string;
  const outbox = (like: string) =>
    server.db.query<Mail>(
      `SELECT id, subject, body, html, headers FROM email_outbox WHERE to_address = 'demo@example.com' AND subject LIKE $1 ORDER BY created_at, id`,
      [like],
    );
  const setPreferences = (preferences: Record<string, boolean>) =>
    server.db.query(`UPDATE users SET notification_settings = $1 WHERE id = $2`, [JSON.stringify({ preferences }), demoUser]);
  const preferences = async () => {
    const [row] = await server.db.query<{ s: string | null }>(`SELECT notification_settings AS s FROM users WHERE id = $1`, [demoUser]);
    return (row.s ? JSON.parse(row.s) : {}).preferences ?? {};
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'duckdb', scale: 0.4, days: 35 });
    [{ id: demoUser }] = await server.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`);
  }, 600_000);
  afterAll(() => server?.close());

  it("names the demo's surging brand as an emerging threat and in a competitor intelligence email", async () => {
    const cookie = await server.login();
    const brands = await server.db.query<{ id: string; name: string }>(`SELECT id, name FROM brands ORDER BY id`);
    const result = await runCompetitorAlerts(server.ctx, server.now);
    expect(result.sent).toBe(brands.length);
    for (const brand of brands) {
      const surging = DEMO_CATALOGS.find((c) => c.brand.name === brand.name)!.surging.name;
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/competitors/emerging-threats',
        payload: { brandId: brand.id },
        headers: { cookie },
      });
      const names = res.json().emergingCompetitors.map((t: { competitorName: string }) => t.competitorName);
      expect(names, brand.name).toContain(surging);
      const shown = res.json().emergingCompetitors.find((t: { competitorName: string }) => t.competitorName === surging);
      expect(shown.emerging, `${surging} passes the baseline test on the screen`).toBe(true);
      const [mail] = await outbox(`%emerging threat%for ${brand.name}%`);
      expect(mail.body, brand.name).toContain(surging);
      expect(mail.html).toContain(surging);
      // Its rate in the email is the facts' rate: mentions of the brand ÷ the brand's runs, last 7 whole days.
      const end = new Date(Math.floor(server.now.getTime() / DAY) * DAY);
      const [facts] = await server.db.query<{ runs: number; hits: number }>(
        `SELECT (SELECT COUNT(*) FROM runs WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3) AS runs,
                (SELECT COUNT(*) FROM mentions WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3 AND entity = $4) AS hits`,
        [brand.id, new Date(end.getTime() - 7 * DAY), end, surging.toLowerCase()],
      );
      expect(mail.body).toContain(`${((facts.hits / facts.runs) * 100).toFixed(1)}% (95% CI`);
      expect(mail.body).toContain(`${facts.runs.toLocaleString('en-US')} answers`);
      expect(expectBrandLinks(mail, brand.id)).toContain(`http://localhost:8080/app/competitors?brand=${brand.id}`);
    }
  });

  it("sends a prompts_monitoring email for the demo's dropping prompt and names no stable prompt", async () => {
    const result = await runPromptAlerts(server.ctx, server.now);
    const brands = await server.db.query<{ id: string; name: string }>(`SELECT id, name FROM brands ORDER BY id`);
    expect(result.sent).toBe(brands.length);
    const end = Math.floor(server.now.getTime() / DAY) * DAY;
    for (const brand of brands) {
      const [mail] = await outbox(`${brand.name}: mention rate dropped%`);
      // Each prompt's own-brand mention rate in the last 7 whole days and the 7 before, from the facts.
      const rates = await server.db.query<{ id: string; text: string; cur: number; cur_runs: number; prev: number; prev_runs: number }>(
        `SELECT p.id, p.text,
                COUNT(DISTINCT r.id) FILTER (WHERE r.created_at >= $2) AS cur_runs,
                COUNT(DISTINCT m.run_id) FILTER (WHERE m.created_at >= $2) AS cur,
                COUNT(DISTINCT r.id) FILTER (WHERE r.created_at < $2) AS prev_runs,
                COUNT(DISTINCT m.run_id) FILTER (WHERE m.created_at < $2) AS prev
           FROM prompts p JOIN runs r ON r.prompt_id = p.id AND r.created_at >= $3 AND r.created_at < $4
           LEFT JOIN mentions m ON m.run_id = r.id AND m.entity = lower($5)
          WHERE p.brand_id = $1 GROUP BY p.id, p.text`,
        [brand.id, new Date(end - 7 * DAY), new Date(end - 14 * DAY), new Date(end), brand.name],
      );
      const rate = (k: number, n: number) => (n ? k / n : 0);
      const links = expectBrandLinks(mail, brand.id);
      const alerted = rates.filter((p) => links.includes(`http://localhost:8080/app/prompts/${p.id}?brand=${brand.id}`));
      expect(alerted.length, brand.name).toBe(1);
      const [drop] = alerted;
      expect(rate(drop.prev, drop.prev_runs) - rate(drop.cur, drop.cur_runs), drop.text).toBeGreaterThan(0.3);
      // The stable prompts with enough answers are not in the email.
      const stable = rates.filter(
        (p) => p.cur_runs >= 30 && p.prev_runs >= 30 && Math.abs(rate(p.cur, p.cur_runs) - rate(p.prev, p.prev_runs)) < 0.1,
      );
      expect(stable.length, brand.name).toBeGreaterThan(0);
      for (const p of stable) expect(mail.html).not.toContain(`/app/prompts/${p.id}`);
    }
  });

  it('sends nothing of a kind whose toggle is off', async () => {
    await setPreferences({ prompts_monitoring: false, competitor_intelligence: false });
    const tomorrow = new Date(server.now.getTime() + DAY);
    // A new day is a new period, and the alerts would name the same prompts and brands again but for the toggles.
    await server.db.query(`DELETE FROM alert_sends`);
    const before = (await outbox('%')).length;
    expect((await runPromptAlerts(server.ctx, tomorrow)).sent).toBe(0);
    expect((await runCompetitorAlerts(server.ctx, tomorrow)).sent).toBe(0);
    expect((await outbox('%')).length).toBe(before);
    await setPreferences({ prompts_monitoring: true });
    expect((await runPromptAlerts(server.ctx, tomorrow)).sent).toBeGreaterThan(0);
  });

  it('sends the weekly report once per week however often the job runs, only while the toggle is on', async () => {
    expect((await runWeeklyReports(server.ctx, server.now)).sent).toBe(0); // weekly_reports defaults off
    await setPreferences({ weekly_reports: true });
    const first = await runWeeklyReports(server.ctx, server.now);
    const again = await runWeeklyReports(server.ctx, new Date(server.now.getTime() + 3_600_000));
    const brands = await server.db.query(`SELECT id FROM brands`);
    expect(first.sent).toBe(brands.length);
    expect(again).toMatchObject({ sent: 0, skipped: brands.length });
    const reports = await outbox('Weekly report for %');
    expect(reports).toHaveLength(brands.length);
    // Each report's mention rate is the facts' rate over the whole ISO week before now's week.
    const weekEnd = new Date('2026-11-16T00:00:00.000Z'); // the Monday of TEST_NOW's week
    for (const brand of await server.db.query<{ id: string; name: string }>(`SELECT id, name FROM brands`)) {
      const report = reports.find((r) => r.subject.includes(brand.name))!;
      const [facts] = await server.db.query<{ runs: number; hits: number }>(
        `SELECT (SELECT COUNT(*) FROM runs WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3) AS runs,
                (SELECT COUNT(*) FROM mentions WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3 AND entity = lower($4)) AS hits`,
        [brand.id, new Date(weekEnd.getTime() - 7 * DAY), weekEnd, brand.name],
      );
      expect(report.body).toMatch(
        new RegExp(
          `Mention rate\\s+${((facts.hits / facts.runs) * 100).toFixed(1)}%\\s+95% CI \\d+\\.\\d–\\d+\\.\\d% · ${facts.runs.toLocaleString('en-US')} answers`,
        ),
      );
      expect(expectBrandLinks(report, brand.id)).toContain(`http://localhost:8080/app/home?brand=${brand.id}`);
    }
    // The demo data's noise: some change in the report is not significant.
    expect(reports.some((r) => r.body.includes('not significant'))).toBe(true);
  });

  it('unsubscribes with the signed link: GET confirms, POST turns the toggle off, a tampered link is refused', async () => {
    await setPreferences({ weekly_reports: true });
    const [report] = await outbox('Weekly report for %');
    const headers = JSON.parse(report.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
    expect(report.html).toContain(url.href.replace(/&/g, '&amp;'));
    const path = `${url.pathname}${url.search}`;

    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from weekly reports?');
    expect((await preferences()).weekly_reports).toBe(true); // opening the link changes nothing

    const token = url.searchParams.get('token')!;
    const [id, , mac] = token.split('.');
    for (const forged of [
      `${id}.prompts_monitoring.${mac}`,
      `${id}.weekly_reports.${mac.slice(0, -2)}xx`,
      `${Buffer.from('usr_new').toString('base64url')}.weekly_reports.${mac}`,
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(forged)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode, forged).toBe(400);
      expect(res.body).toContain('This unsubscribe link is invalid.');
    }
    expect((await preferences()).weekly_reports).toBe(true);
    expect((await preferences()).prompts_monitoring).not.toBe(false);

    // One click, as a mail client sends it (RFC 8058): no cookie, no Origin.
    const done = await server.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const after = await preferences();
    expect(after.weekly_reports).toBe(false);
    expect(after.security_alerts).toBe(true);
    // and the next week's report does not go out
    await server.db.query(`DELETE FROM alert_sends`);
    expect((await runWeeklyReports(server.ctx, new Date(server.now.getTime() + 7 * DAY))).sent).toBe(0);
  });

  it("sends a test report of each brand now from Settings, whatever the toggle, without using up the week's report", async () => {
    const cookie = await server.login();
    const claimsBefore = (await server.db.query(`SELECT 1 FROM alert_sends`)).length;
    const res = await server.app.inject({ method: 'POST', url: '/api/users/me/test-report', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const brands = await server.db.query(`SELECT id FROM brands`);
    expect(res.json()).toMatchObject({ success: true, sent: brands.length, message: 'Test report sent to demo@example.com.' });
    expect(await outbox('[Test] Weekly report for %')).toHaveLength(brands.length);
    expect(await server.db.query(`SELECT 1 FROM alert_sends`)).toHaveLength(claimsBefore);
    const lapsed = await server.login('lapsed@example.com');
    const refused = await server.app.inject({ method: 'POST', url: '/api/users/me/test-report', headers: { cookie: lapsed } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NO_BRAND_TO_REPORT');
  });
});
