import { describe, expect, it } from 'vitest';
import { buildSuggestions } from './suggestions';

const input = {
  brandName: 'Taskvine',
  competitors: ['Asana', 'Trello'],
  untracked: ['Wrike'],
  promptsByPerformance: ['What are the best tools for remote teams?', 'Taskvine vs Trello for agencies', 'kanban boards'],
};

describe('buildSuggestions', () => {
  it('interleaves kinds and skips comparisons a monitored prompt already covers', () => {
    const list = buildSuggestions(input, 10).map((s) => s.relatedQuestion);
    expect(list.slice(0, 5)).toEqual([
      'Taskvine vs Asana: which is better?',
      'Is Wrike a good alternative to Taskvine?',
      'What are the most affordable tools for remote teams?',
      'What are the best alternatives to Asana?',
      'What are the pros and cons of Taskvine?',
    ]);
    expect(list).not.toContain('Taskvine vs Trello: which is better?');
    expect(list).toContain('What are the best alternatives to Trello?');
    expect(list.length).toBe(new Set(list).size);
  });

  it('never suggests a monitored prompt and honours the limit', () => {
    const list = buildSuggestions({ ...input, promptsByPerformance: ['is taskvine worth it?'] }, 50).map((s) => s.relatedQuestion);
    expect(list).not.toContain('Is Taskvine worth it?');
    expect(buildSuggestions(input, 2)).toHaveLength(2);
  });

  it('still suggests brand questions for a brand without data', () => {
    const list = buildSuggestions({ brandName: 'Newco', competitors: [], untracked: [], promptsByPerformance: [] }, 10);
    expect(list.map((s) => s.relatedQuestion)).toEqual([
      'What are the pros and cons of Newco?',
      'Is Newco worth it?',
      'What do customers say about Newco?',
    ]);
  });
});
