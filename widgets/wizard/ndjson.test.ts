import { describe, expect, it } from 'vitest';
import { ndjsonReader } from './ndjson';

describe('ndjsonReader', () => {
  it('reads lines split across chunks, skipping blank and non-JSON lines', () => {
    const lines: unknown[] = [];
    const reader = ndjsonReader((l) => lines.push(l));
    reader.push('{"type":"start","prom');
    reader.push('pts":2}\n\nnot json\n{"type":"prompt","completed":1');
    expect(lines).toEqual([{ type: 'start', prompts: 2 }]);
    reader.push(',"total":2}');
    reader.end();
    expect(lines).toEqual([{ type: 'start', prompts: 2 }, { type: 'prompt', completed: 1, total: 2 }]);
  });
});
