import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractAnswer, type ExtractedAnswer } from '../../ingest/index';
import { DEMO_CATALOGS } from './catalog/index';
import { countDemoRuns, generateDemoWorld, generateRunsWithTruth, type RunWithTruth } from './world';
import type { DemoBrand, RawRun } from './types';

const NOW = new Date('2026-11-21T15:30:00Z');
const SLOW = 180_000; // generating and extracting tens of thousands of answers, on a shared 2-core machine
const DAY = 86_400_000;

function digest(brands: DemoBrand[], runs: Iterable<RawRun>): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(brands));
  for (const r of runs) h.update(JSON.stringify(r));
  return h.digest('hex');
}

describe('generateDemoWorld: determinism', { timeout: SLOW }, () => {
  it('gives byte-identical output for the same options, and different output for another seed', () => {
    const opts = { scale: 0.2, seed: 7, now: NOW, days: 21 };
    const a = generateDemoWorld(opts);
    const b = generateDemoWorld({ ...opts, now: new Date(NOW.getTime()) });
    const da = digest(a.brands, a.runs());
    expect(digest(b.brands, b.runs())).toBe(da);
    // runs() starts over on every call
    expect(digest(a.brands, a.runs())).toBe(da);
    const c = generateDemoWorld({ ...opts, seed: 8 });
    expect(digest(c.brands, c.runs())).not.toBe(da);
  });

  it('rejects nonsense options', () => {
    expect(() => generateDemoWorld({ scale: 0, seed: 1, now: NOW })).toThrow(/scale/);
    expect(() => generateDemoWorld({ scale: 1, seed: 1.5, now: NOW })).toThrow(/seed/);
    expect(() => generateDemoWorld({ scale: 1, seed: 1, now: new Date('x') })).toThrow(/now/);
  });
});

describe('generateDemoWorld: scale', { timeout: SLOW }, () => {
  it('produces 30k-60k runs at scale 1 and about 10x at scale 10', () => {
    const one = countDemoRuns({ scale: 1, seed: 42, now: NOW });
    expect(one.total).toBeGreaterThanOrEqual(30_000);
    expect(one.total).toBeLessThanOrEqual(60_000);
    const ten = countDemoRuns({ scale: 10, seed: 42, now: NOW });
    expect(ten.total / one.total).toBeGreaterThan(8.5);
    expect(ten.total / one.total).toBeLessThan(11.5);
  });
});

describe('generateDemoWorld: scale 1 world over 90 days', { timeout: SLOW }, () => {
  const world = generateDemoWorld({ scale: 1, seed: 42, now: NOW });
  const runsByPrompt = new Map<string, RawRun[]>();
  let total = 0;
  const providers = new Map<string, number>();
  beforeAll(() => {
    for (const r of world.runs()) {
      total++;
      providers.set(r.provider, (providers.get(r.provider) ?? 0) + 1);
      const list = runsByPrompt.get(r.promptKey) ?? [];
      // keep only what the assertions need, not the answers
      list.push({ ...r, answer: { answerText: '', citations: r.answer.citations } });
      runsByPrompt.set(r.promptKey, list);
    }
  }, SLOW);

  it('has 3 brands in different industries with 4-6 competitors and 30-50 prompts', () => {
    expect(world.brands).toHaveLength(3);
    expect(new Set(world.brands.map((b) => b.industry)).size).toBe(3);
    for (const b of world.brands) {
      expect(b.competitors.length).toBeGreaterThanOrEqual(4);
      expect(b.competitors.length).toBeLessThanOrEqual(6);
      expect(b.prompts.length).toBeGreaterThanOrEqual(30);
      expect(b.prompts.length).toBeLessThanOrEqual(50);
      expect(new Set(b.prompts.map((p) => p.text)).size).toBe(b.prompts.length);
      expect(b.location).toMatch(/^[A-Z]{2}$/);
    }
    expect(total).toBe(countDemoRuns({ scale: 1, seed: 42, now: NOW }).total);
  });

  it('has exactly one never-run prompt per brand, and it has no runs', () => {
    for (const b of world.brands) {
      const never = b.prompts.filter((p) => p.neverRun);
      expect(never).toHaveLength(1);
      expect(runsByPrompt.get(never[0].key)).toBeUndefined();
      expect(never[0].state).toBe('active');
    }
    const withRuns = world.brands.flatMap((b) => b.prompts).filter((p) => !p.neverRun && runsByPrompt.has(p.key));
    expect(withRuns.length).toBe(world.brands.flatMap((b) => b.prompts).length - 3);
  });

  it('ends the runs of a stopped prompt on the day it was stopped', () => {
    for (const b of world.brands) {
      const stopped = b.prompts.filter((p) => p.state === 'inactive');
      expect(stopped.length).toBeGreaterThanOrEqual(1);
      for (const p of stopped) {
        const runs = runsByPrompt.get(p.key)!;
        const last = Math.max(...runs.map((r) => r.createdAt.getTime()));
        expect(last).toBeLessThanOrEqual(p.stoppedAt!.getTime());
        expect(Math.floor(last / DAY)).toBe(Math.floor(p.stoppedAt!.getTime() / DAY));
        expect(p.updatedAt.getTime()).toBe(p.stoppedAt!.getTime());
      }
    }
  });

  it('runs once per prompt x provider x location per scheduled day, inside the window and never after now', () => {
    const windowStart = Math.floor(NOW.getTime() / DAY) * DAY - 89 * DAY;
    // Collected and asserted once: 40k expect() calls would dominate the test's time.
    const problems: string[] = [];
    for (const b of world.brands) {
      for (const p of b.prompts) {
        const runs = runsByPrompt.get(p.key) ?? [];
        const seen = new Set<string>();
        for (const r of runs) {
          const t = r.createdAt.getTime();
          if (t < Math.max(windowStart, p.createdAt.getTime())) problems.push(`${p.key} runs before its start`);
          if (t > NOW.getTime()) problems.push(`${p.key} runs after now`);
          if (!p.providers.includes(r.provider) || !p.locations.includes(r.location)) problems.push(`${p.key} unexpected provider/location`);
          const slot = `${r.provider}|${r.location}|${Math.floor(t / DAY)}`;
          if (seen.has(slot)) problems.push(`${p.key} runs twice in ${slot}`);
          seen.add(slot);
          if (p.frequencyCron === '0 0 * * 0' && r.createdAt.getUTCDay() !== 0) problems.push(`${p.key} weekly run off Sunday`);
          if (p.frequencyCron === '0 0 1 * *' && r.createdAt.getUTCDate() !== 1) problems.push(`${p.key} monthly run off the 1st`);
        }
        if (p.frequencyCron === '0 0 * * *' && p.state === 'active' && !p.neverRun && p.createdAt.getTime() < windowStart) {
          // daily prompts alive for the whole window run every day (today until now)
          const days = new Set(runs.map((r) => Math.floor(r.createdAt.getTime() / DAY)));
          if (days.size !== 90) problems.push(`${p.key} ran on ${days.size} of 90 days`);
          if (seen.size !== 90 * p.providers.length * p.locations.length) problems.push(`${p.key} missing provider/location runs`);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('uses mostly openai and perplexity, some google and microsoft, and 4+ countries per brand', () => {
    const share = (p: string) => (providers.get(p) ?? 0) / total;
    expect(share('openai') + share('perplexity')).toBeGreaterThan(0.85);
    expect(share('google')).toBeGreaterThan(0);
    expect(share('microsoft')).toBeGreaterThan(0);
    for (const b of world.brands) expect(new Set(b.prompts.flatMap((p) => p.locations)).size).toBeGreaterThanOrEqual(4);
  });

  it('cites 2-6 sources per answer from a realistic pool of domains', () => {
    const hosts = new Set<string>();
    const counts = new Set<number>();
    for (const runs of runsByPrompt.values()) {
      for (const r of runs) {
        if (r.answer.citations.length < 2 || r.answer.citations.length > 6) counts.add(r.answer.citations.length);
        for (const c of r.answer.citations) hosts.add(c.url.replace(/^https:\/\//, '').replace(/[/?#].*$/, ''));
      }
    }
    expect([...counts]).toEqual([]);
    for (const h of ['www.g2.com', 'www.reddit.com', 'www.forbes.com', 'techcrunch.com', 'www.which.co.uk', 'blog.asana.com']) expect(hosts).toContain(h);
  });
});

describe('generated answers through the extractor', { timeout: SLOW }, () => {
  const opts = { scale: 0.35, seed: 42, now: NOW };
  const { brands, runs } = generateRunsWithTruth(opts);
  const trackedOf = new Map(brands.map((b) => [b.key, [{ name: b.name, aliases: b.aliases }, ...b.competitors]]));
  const results: { truth: RunWithTruth; facts: ExtractedAnswer }[] = [];
  beforeAll(() => {
    for (const truth of runs()) results.push({ truth, facts: extractAnswer(truth.run.answer, trackedOf.get(truth.run.brandKey)!) });
  }, SLOW);

  it('recovers exactly the brands each answer was written to name, in order', () => {
    let exact = 0;
    for (const { truth, facts } of results) {
      const expected = truth.named.map((e) => [e.name, !e.untracked]);
      const got = facts.mentions.map((m) => [m.name, m.tracked]);
      if (JSON.stringify(expected) === JSON.stringify(got)) exact++;
    }
    expect(results.length).toBeGreaterThan(5000);
    expect(exact).toBe(results.length);
  });

  it('finds the own brand in the share of runs the model intended, and not in every prompt', () => {
    for (const b of brands) {
      const mine = results.filter((r) => r.truth.run.brandKey === b.key);
      const own = b.name.toLowerCase();
      const intended = mine.filter((r) => r.truth.named.some((e) => e.name === b.name)).length / mine.length;
      const extracted = mine.filter((r) => r.facts.mentions.some((m) => m.entity === own)).length / mine.length;
      expect(extracted).toBeCloseTo(intended, 5);
      expect(extracted).toBeGreaterThan(0.15);
      expect(extracted).toBeLessThan(0.75);
      const promptsWithRuns = new Set(mine.map((r) => r.truth.run.promptKey));
      const promptsNamingOwn = new Set(mine.filter((r) => r.facts.mentions.some((m) => m.entity === own)).map((r) => r.truth.run.promptKey));
      expect(promptsNamingOwn.size).toBeLessThan(promptsWithRuns.size);
    }
  });

  it('gives providers different own-brand mention rates (ChatGPT sees the brand more than Perplexity)', () => {
    const rate = (provider: string) => {
      const sel = results.filter((r) => r.truth.run.provider === provider);
      return sel.filter((r) => r.facts.mentions.some((m) => m.tracked && brands.some((b) => b.name.toLowerCase() === m.entity))).length / sel.length;
    };
    expect(rate('openai')).toBeGreaterThan(rate('perplexity'));
  });

  it('extracts sentiment that follows the tone the answer was written with', () => {
    const pos: number[] = [];
    const neg: number[] = [];
    for (const { truth, facts } of results.slice(0, 5000)) {
      for (const e of truth.named) {
        const m = facts.mentions.find((x) => x.name === e.name)!;
        if (e.tone > 0.5) pos.push(m.sentiment);
        if (e.tone < -0.5) neg.push(m.sentiment);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(pos)).toBeGreaterThan(0.25);
    expect(mean(neg)).toBeLessThan(-0.2);
  });

  it('has emerging brands that are first seen recently and named more and more often toward now', () => {
    const windowStart = Math.floor(NOW.getTime() / DAY) * DAY - 89 * DAY;
    for (const c of DEMO_CATALOGS) {
      const mine = results.filter((r) => r.truth.run.brandKey === c.key);
      for (const e of c.emerging) {
        const key = e.name.toLowerCase();
        const times = mine.filter((r) => r.facts.mentions.some((m) => m.entity === key && !m.tracked)).map((r) => r.truth.run.createdAt.getTime());
        expect(times.length, e.name).toBeGreaterThan(10);
        const first = Math.min(...times);
        expect(first, `${e.name} first seen`).toBeGreaterThan(windowStart + 45 * DAY);
        const third = (NOW.getTime() - first) / 3;
        const early = times.filter((t) => t < first + third).length;
        const late = times.filter((t) => t >= first + 2 * third).length;
        expect(late, e.name).toBeGreaterThan(early * 1.5);
      }
      // Established untracked brands, by contrast, are there from the first day.
      const est = c.established[0].name.toLowerCase();
      const estFirst = Math.min(...mine.filter((r) => r.facts.mentions.some((m) => m.entity === est)).map((r) => r.truth.run.createdAt.getTime()));
      expect(estFirst).toBeLessThan(windowStart + 3 * DAY);
    }
  });
});
