import { describe, expect, it } from 'vitest';
import { extractAnswer } from './extractAnswer';
import type { RawCitation } from '../providers/provider';

const PM_TRACKED = [
  { name: 'Taskvine' },
  { name: 'Asana' },
  { name: 'Notion' },
  { name: 'Linear', aliases: ['linear.app'] },
  { name: 'Monday.com', aliases: ['monday.com work management'] },
];

const answer = (answerText: string, citations: RawCitation[] = []) => ({ answerText, citations });
const byEntity = (r: ReturnType<typeof extractAnswer>) => Object.fromEntries(r.mentions.map((m) => [m.entity, m]));

describe('extractAnswer: brand matching', () => {
  it('finds tracked brands in a numbered markdown list and ranks untracked ones among them', () => {
    const r = extractAnswer(
      answer(
        `Here are the best project management tools for startups:\n\n` +
          `1. **Monday.com** – A visual work OS with strong automations.\n` +
          `2. ClickUp: Packed with features for fast-moving teams.\n` +
          `3. **Asana** – Great for cross-team planning.\n` +
          `- Wrike — Popular with agencies.\n` +
          `4. **Taskvine** – A lightweight option for small teams.\n`,
      ),
      PM_TRACKED,
    );
    expect(r.mentions.map((m) => [m.name, m.rank, m.tracked])).toEqual([
      ['Monday.com', 1, true],
      ['ClickUp', 2, false],
      ['Asana', 3, true],
      ['Wrike', 4, false],
      ['Taskvine', 5, true],
    ]);
    expect(r.namedCount).toBe(5);
  });

  it('matches case-insensitively, through possessives, bold and punctuation, once per entity', () => {
    const r = extractAnswer(
      answer(`Many founders like ASANA's timeline view. (**asana**) is also cheap; Asana, again, and "Notion".`),
      PM_TRACKED,
    );
    expect(r.mentions.map((m) => [m.entity, m.name, m.rank])).toEqual([
      ['asana', 'Asana', 1],
      ['notion', 'Notion', 2],
    ]);
  });

  it('does not match names inside other words or domains', () => {
    const r = extractAnswer(
      answer(`Notional costs aside, notlinear.app and not.linear.app are unrelated sites, as is linear.apps.io.`),
      PM_TRACKED,
    );
    expect(r.mentions).toEqual([]);
    expect(r.namedCount).toBe(0);
  });

  it('matches a domain-like alias as a whole word and maps it to the canonical name', () => {
    const r = extractAnswer(answer(`Engineering teams love linear.app. Notion is fine too.`), PM_TRACKED);
    expect(r.mentions.map((m) => [m.entity, m.name, m.rank])).toEqual([
      ['linear', 'Linear', 1],
      ['notion', 'Notion', 2],
    ]);
  });

  it('ignores brands that only appear inside urls', () => {
    const r = extractAnswer(answer(`See https://asana.com/pricing and [docs](https://www.notion.so/help) for details.`), PM_TRACKED);
    expect(r.mentions).toEqual([]);
  });

  it('prefers the longest alias at a position', () => {
    const r = extractAnswer(answer(`Starling Bank and Starling are the same bank.`), [{ name: 'Starling Bank', aliases: ['Starling'] }]);
    expect(r.mentions).toHaveLength(1);
    expect(r.mentions[0]).toMatchObject({ entity: 'starling bank', name: 'Starling Bank', rank: 1 });
  });
});

describe('extractAnswer: untracked brands', () => {
  it('reads names after "such as" / "including", including the last one before a verb', () => {
    const r = extractAnswer(
      answer(`Other tools such as Wrike, Basecamp and Smartsheet are worth a look, including Teamwork.com.`),
      PM_TRACKED,
    );
    expect(r.mentions.map((m) => m.name)).toEqual(['Wrike', 'Basecamp', 'Smartsheet', 'Teamwork.com']);
    expect(r.mentions.every((m) => !m.tracked)).toBe(true);
  });

  it('is conservative with headings, common words and feature names', () => {
    const r = extractAnswer(
      answer(
        `### Best Overall\n1. **Pricing**: Most plans start at $10.\n2. **Ease of use** – varies.\n` +
          `- Note: prices change.\nThe tools differ. However, features such as Gantt charts matter. Pricing is key.`,
      ),
      PM_TRACKED,
    );
    expect(r.mentions).toEqual([]);
  });

  it('does not report a tracked brand product line as a new brand', () => {
    const r = extractAnswer(answer(`1. **Hoka Clifton 9** – plush and light.\n2. **Saucony Ride 17** – a daily trainer.`), [
      { name: 'Hoka', aliases: ['HOKA ONE ONE'] },
    ]);
    expect(r.mentions.map((m) => [m.name, m.tracked])).toEqual([
      ['Hoka', true],
      ['Saucony Ride 17', false],
    ]);
  });

  it('reads headings, "e.g." lists and other bullet markers', () => {
    const r = extractAnswer(
      answer(`### 1. Wrike\nGood for agencies.\n\n• Basecamp (flat pricing)\n* **Smartsheet:** spreadsheets.\nOr pick a suite (e.g. Zoho Projects or Airtable).`),
      PM_TRACKED,
    );
    expect(r.mentions.map((m) => m.name)).toEqual(['Wrike', 'Basecamp', 'Smartsheet', 'Zoho Projects', 'Airtable']);
  });

  it('ranks an untracked brand by its first occurrence, even before the list that revealed it', () => {
    const r = extractAnswer(answer(`Wrike and Asana lead the field.\n\n1. **Wrike** – robust.\n2. **Asana** – flexible.`), PM_TRACKED);
    expect(r.mentions.map((m) => [m.name, m.rank])).toEqual([
      ['Wrike', 1],
      ['Asana', 2],
    ]);
  });
});

describe('extractAnswer: sentiment', () => {
  const sentimentOf = (text: string, name = 'asana') => byEntity(extractAnswer(answer(text), PM_TRACKED))[name].sentiment;

  it('scores positive and negative phrasing in the right direction, within -1..1', () => {
    const pos = sentimentOf(`Asana is excellent and praised for its intuitive onboarding.`);
    const neg = sentimentOf(`Asana is overpriced and feels clunky for small teams.`);
    expect(pos).toBeGreaterThan(0.5);
    expect(neg).toBeLessThan(-0.5);
    expect(pos).toBeLessThanOrEqual(1);
    expect(neg).toBeGreaterThanOrEqual(-1);
    expect(sentimentOf(`Asana offers boards, timelines and a free tier for up to 10 users.`)).toBe(0);
  });

  it('handles negation a word or two back', () => {
    expect(sentimentOf(`Asana is not very intuitive for new users.`)).toBeLessThan(0);
    expect(sentimentOf(`Asana isn’t clunky at all.`)).toBeGreaterThan(0);
    expect(sentimentOf(`Asana has no hidden fees.`)).toBeGreaterThan(0);
  });

  it('scores each brand from its own sentence or list item', () => {
    const r = byEntity(
      extractAnswer(
        answer(`1. **Asana** – excellent, reliable and polished.\n2. **Notion** – buggy and slow with big workspaces.\n\nAsana is loved by ops teams.`),
        PM_TRACKED,
      ),
    );
    expect(r.asana.sentiment).toBeGreaterThan(0.5);
    expect(r.notion.sentiment).toBeLessThan(-0.5);
  });

  it('does not let a brand name score itself', () => {
    const r = extractAnswer(answer(`Wise offers transfers in 40 currencies.`), [{ name: 'Wise' }]);
    expect(r.mentions[0].sentiment).toBe(0);
  });
});

describe('extractAnswer: citations', () => {
  it('normalizes domains, keeps metadata and hashes the normalized url', () => {
    const r = extractAnswer(
      answer('No brands here.', [
        { url: 'https://blog.example.co.uk/x?utm_source=chatgpt#top', title: ' Best tools ', author: 'Jane Doe', publishedAt: '2025-03-04' },
        { url: '   ', title: 'dropped', author: null, publishedAt: null },
        { url: 'HTTPS://WWW.G2.COM/categories/project-management/', title: '', author: '  ', publishedAt: 'not a date' },
        { url: 'www.reddit.com/r/startups/comments/abc', title: null, author: null, publishedAt: null },
        { url: 'http://192.168.0.1/admin', title: null, author: null, publishedAt: null },
        { url: 'https://example.co.uk/x', title: null, author: null, publishedAt: '2025-03-04T10:00:00+02:00' },
      ]),
      [],
    );
    expect(r.citations.map((c) => [c.position, c.domain, c.title, c.author, c.publishedAt])).toEqual([
      [1, 'example.co.uk', 'Best tools', 'Jane Doe', '2025-03-04T00:00:00.000Z'],
      [2, 'g2.com', null, null, null],
      [3, 'reddit.com', null, null, null],
      [4, '', null, null, null],
      [5, 'example.co.uk', null, null, '2025-03-04T08:00:00.000Z'],
    ]);
    expect(r.citations[0].url).toBe('https://blog.example.co.uk/x?utm_source=chatgpt#top');
    for (const c of r.citations) expect(c.citationHash).toMatch(/^[0-9a-f]{40}$/);
    // Same page with tracking parameters, fragment, host case, www and trailing slash -> same hash.
    const again = extractAnswer(
      answer('', [
        { url: 'https://blog.example.co.uk/x', title: null, author: null, publishedAt: null },
        { url: 'https://g2.com/categories/project-management', title: null, author: null, publishedAt: null },
      ]),
      [],
    );
    expect(again.citations[0].citationHash).toBe(r.citations[0].citationHash);
    expect(again.citations[1].citationHash).toBe(r.citations[1].citationHash);
    expect(new Set(r.citations.map((c) => c.citationHash)).size).toBe(5);
  });

  it('survives malformed answers', () => {
    const r = extractAnswer({ answerText: undefined as unknown as string, citations: null as unknown as RawCitation[] }, PM_TRACKED);
    expect(r).toEqual({ mentions: [], citations: [], namedCount: 0 });
  });
});
