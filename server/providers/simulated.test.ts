import { describe, expect, it } from 'vitest';
import { extractAnswer } from '../ingest/index';
import { getProvider, isProviderId } from './registry';
import { createSimulatedProvider } from './simulated';
import { PROVIDERS } from './provider';

const req = (over: Partial<Parameters<ReturnType<typeof createSimulatedProvider>['answer']>[0]> = {}) => ({
  promptText: 'best project management tool for startups',
  provider: 'openai',
  location: 'US',
  at: new Date('2026-11-20T10:00:00Z'),
  context: { brandName: 'Taskvine', competitors: ['Asana', 'ClickUp', 'Trello', 'Notion'] },
  ...over,
});

describe('simulated provider', () => {
  it('is deterministic for prompt, provider, location and day', async () => {
    const p = createSimulatedProvider('openai');
    const a = await p.answer(req());
    const b = await createSimulatedProvider('openai').answer(req({ at: new Date('2026-11-20T18:30:00Z') }));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const otherDay = await p.answer(req({ at: new Date('2026-11-21T10:00:00Z') }));
    const otherPlace = await p.answer(req({ location: 'DE' }));
    const otherProvider = await createSimulatedProvider('perplexity').answer(req());
    expect(new Set([a, otherDay, otherPlace, otherProvider].map((x) => JSON.stringify(x))).size).toBe(4);
  });

  it('writes answers the extractor reads: tracked names from the context, untracked brands, 2-6 citations', async () => {
    const p = createSimulatedProvider('perplexity');
    const tracked = [{ name: 'Taskvine' }, ...['Asana', 'ClickUp', 'Trello', 'Notion'].map((name) => ({ name }))];
    let ownMentions = 0;
    const untracked = new Set<string>();
    for (let d = 0; d < 30; d++) {
      const answer = await p.answer(req({ at: new Date(Date.UTC(2026, 10, 1 + d, 9)) }));
      expect(answer.citations.length).toBeGreaterThanOrEqual(2);
      expect(answer.citations.length).toBeLessThanOrEqual(6);
      const facts = extractAnswer(answer, tracked);
      expect(facts.namedCount).toBeGreaterThanOrEqual(1);
      if (facts.mentions.some((m) => m.entity === 'taskvine')) ownMentions++;
      for (const m of facts.mentions) if (!m.tracked) untracked.add(m.name);
      for (const c of facts.citations) expect(c.domain).not.toBe('');
    }
    expect(ownMentions).toBeGreaterThan(0);
    expect(ownMentions).toBeLessThan(30);
    expect(untracked.size).toBeGreaterThan(0);
  });

  it('works for an unknown industry and without context', async () => {
    const p = createSimulatedProvider('google');
    const withCtx = await p.answer(req({ promptText: 'best crm for dentists', context: { brandName: 'Molarly', competitors: ['DentaCRM'] } }));
    const facts = extractAnswer(withCtx, [{ name: 'Molarly' }, { name: 'DentaCRM' }]);
    expect(facts.namedCount).toBeGreaterThanOrEqual(1);
    const bare = await p.answer(req({ promptText: 'best crm for dentists', context: undefined }));
    expect(bare.answerText.length).toBeGreaterThan(50);
    expect(extractAnswer(bare, []).mentions.every((m) => !m.tracked)).toBe(true);
  });
});

describe('provider registry', () => {
  it('returns a provider for every known id and refuses unknown ones', async () => {
    for (const id of PROVIDERS) {
      const p = getProvider(id);
      expect(p.id).toBe(id);
      expect(getProvider(id)).toBe(p);
      expect((await p.answer(req({ provider: id }))).answerText).not.toBe('');
    }
    expect(isProviderId('openai')).toBe(true);
    expect(isProviderId('claude')).toBe(false);
    expect(() => getProvider('claude')).toThrow('Unknown provider: claude');
  });
});
