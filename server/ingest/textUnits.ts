/**
 * Splits an answer into the units sentiment is scored on: each list item or heading line is one
 * unit, and prose lines are cut into sentences. Units keep their offsets so a brand occurrence
 * can be mapped to the unit that contains it.
 */
export interface TextUnit {
  start: number;
  end: number;
  text: string;
}

const LIST_LINE = /^\s*(?:\d{1,3}[.)]|[-*•+]|#{1,6})\s+/;
// A sentence ends at . ! ? followed by space and an upper-case letter, digit, quote or markdown.
// Dots inside names such as "Monday.com" or "e.g." are not followed by a space + capital.
const SENTENCE_END = /[.!?](?=\s+[\p{Lu}\d"“*[(])/gu;

export function splitUnits(text: string): TextUnit[] {
  const units: TextUnit[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() !== '') {
      if (LIST_LINE.test(line)) {
        units.push({ start: lineStart, end: lineEnd, text: line });
      } else {
        let sentenceStart = 0;
        SENTENCE_END.lastIndex = 0;
        let m: RegExpExecArray | null;
        while ((m = SENTENCE_END.exec(line)) !== null) {
          const end = m.index + 1;
          units.push({ start: lineStart + sentenceStart, end: lineStart + end, text: line.slice(sentenceStart, end) });
          sentenceStart = end;
        }
        if (sentenceStart < line.length && line.slice(sentenceStart).trim() !== '') {
          units.push({ start: lineStart + sentenceStart, end: lineEnd, text: line.slice(sentenceStart) });
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return units;
}

/** Index of the unit containing offset (units are sorted and disjoint); -1 if none. */
export function unitAt(units: TextUnit[], offset: number): number {
  let lo = 0;
  let hi = units.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const u = units[mid];
    if (offset < u.start) hi = mid - 1;
    else if (offset >= u.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}
