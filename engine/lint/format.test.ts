import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { join } from 'node:path';
import { lintFiles } from './lint';
import { formatJson } from './format/json';
import { toSarif, SARIF_SCHEMA } from './format/sarif';
import { formatText } from './format/text';
import { RULE_FIXTURES, fixtureOptions } from './testSupport';

// The structural core of SARIF 2.1.0 (sarif-schema-2.1.0.json) that code-scanning consumers read:
// version, runs[].tool.driver (name, rules with ids), results with ruleId, level, message.text and
// physicalLocation.region with 1-based positions.
const SARIF_CORE = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    version: { const: '2.1.0' },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  rules: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, shortDescription: { type: 'object', required: ['text'] } } } },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: -1 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation', 'region'],
                        properties: {
                          artifactLocation: { type: 'object', required: ['uri'], properties: { uri: { type: 'string' }, uriBaseId: { type: 'string' } } },
                          region: {
                            type: 'object',
                            required: ['startLine', 'startColumn'],
                            properties: {
                              startLine: { type: 'integer', minimum: 1 },
                              startColumn: { type: 'integer', minimum: 1 },
                              endLine: { type: 'integer', minimum: 1 },
                              endColumn: { type: 'integer', minimum: 1 },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const failing = [join(RULE_FIXTURES, 'unknown-field/fail.json'), join(RULE_FIXTURES, 'unknown-reference/fail-no-window.json')];

describe('output formats', () => {
  it('text: file:line:col  rule-id  widget-id  message, sorted by file and line', async () => {
    const diagnostics = await lintFiles(failing, fixtureOptions);
    const lines = formatText(diagnostics).split('\n');
    expect(lines.length).toBe(diagnostics.length);
    for (const line of lines) expect(line).toMatch(/^[^:]+\.json:\d+:\d+ {2}[a-z-]+ {2}\S+ {2}.+$/);
    expect(lines[0]).toBe(
      "unknown-field/fail.json:74:16  unknown-field  mentionRate  field 'totalMentions' is not in the response of 'brands.performance.metadata' here; available: mentionRate, pctChangeMentionRate, netSentimentBrand, totalMentionsCount, mentionRateStats, mentionRateChangeStats",
    );
    const keys = diagnostics.map((d) => [d.file, d.line, d.column] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
    expect(keys).toEqual(sorted);
  });

  it('json: every diagnostic with position, rule, widget, severity, message and pointer', async () => {
    const diagnostics = await lintFiles(failing, fixtureOptions);
    const parsed = JSON.parse(formatJson(diagnostics));
    expect(parsed.errors).toBe(diagnostics.filter((d) => d.severity === 'error').length);
    expect(parsed.diagnostics).toHaveLength(diagnostics.length);
    const brandNme = parsed.diagnostics.find((d: { message: string }) => d.message.includes("'brandNme'"));
    expect(brandNme).toMatchObject({
      file: 'unknown-field/fail.json',
      line: 144,
      column: 20,
      rule: 'unknown-field',
      widget: 'ranking',
      severity: 'error',
      pointer: '/widgets/ranking/columns/0/field',
    });
    expect(brandNme.message).toContain("did you mean 'brandName'?");
  });

  it('sarif: SARIF 2.1.0 shape, results pointing at their rules and regions', async () => {
    const diagnostics = await lintFiles(failing, fixtureOptions);
    const sarif = toSarif(diagnostics, fixtureOptions.cwd) as { $schema: string; runs: { tool: { driver: { rules: { id: string }[] } }; results: Record<string, any>[] }[] };
    const ajv = new Ajv({ strict: false });
    ajv.addFormat('uri', true);
    const valid = ajv.validate(SARIF_CORE, sarif);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(sarif.$schema).toBe(SARIF_SCHEMA);
    const run = sarif.runs[0];
    expect(run.results).toHaveLength(diagnostics.length);
    for (const [i, r] of run.results.entries()) {
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(r.locations[0].physicalLocation.region.startLine).toBe(diagnostics[i].line);
      expect(r.locations[0].physicalLocation.region.startColumn).toBe(diagnostics[i].column);
      expect(r.locations[0].physicalLocation.artifactLocation.uri).toBe(diagnostics[i].file);
    }
    const warning = run.results.find((r) => r.level === 'warning');
    expect(warning).toBeUndefined(); // both fixtures only have errors
  });
});
