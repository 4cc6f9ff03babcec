import type { EngineHost, Option, Vocabulary } from './types';

/** A vocabulary over a fixed list of options; unknown values read as themselves. */
export function vocabularyOf(options: Option[], extraLabels: Record<string, string> = {}): Vocabulary {
  const labels = new Map<string, string>(Object.entries(extraLabels).map(([k, v]) => [k.toLowerCase(), v]));
  for (const o of options) labels.set(o.value.toLowerCase(), o.label);
  return { options: () => options, label: (value) => labels.get(value.toLowerCase()) ?? value };
}

/** The display name of `value` in the host's vocabulary `name` (the value itself without one). */
export function labelIn(host: Pick<EngineHost, 'vocabularies'>, name: string | undefined, value: string): string {
  const vocabulary = name ? host.vocabularies[name] : undefined;
  return vocabulary ? vocabulary.label(value) : value;
}
