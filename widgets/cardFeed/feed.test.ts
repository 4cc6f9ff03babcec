import { describe, expect, it } from 'vitest';
import { fieldText } from './feed';

describe('feed field text', () => {
  it('shows mapped values as their copy and formats the rest as usual', () => {
    const spec = { field: 'provenance.real', map: { true: 'Live answer', false: 'Simulated' } };
    expect(fieldText({ provenance: { real: true } }, spec, {})).toBe('Live answer');
    expect(fieldText({ provenance: { real: false } }, spec, {})).toBe('Simulated');
    expect(fieldText({ n: 1234 }, { field: 'n', format: 'integer', map: { '0': 'none' } }, {})).toBe('1,234');
    expect(fieldText({ n: 0 }, { field: 'n', format: 'integer', map: { '0': 'none' } }, {})).toBe('none');
    expect(fieldText({ n: 'toString' }, { field: 'n', map: {} }, {})).toBe('toString');
  });
});
