// Newline-delimited JSON arrives in chunks that may split a line: this buffers the text and hands
// each complete line, parsed, to onLine (lines that are not JSON are skipped).
export function ndjsonReader(onLine: (line: Record<string, unknown>) => void): { push: (chunk: string) => void; end: () => void } {
  let buffer = '';
  const emit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return;
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) onLine(parsed as Record<string, unknown>);
  };
  return {
    push(chunk) {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      lines.forEach(emit);
    },
    end() {
      emit(buffer);
      buffer = '';
    },
  };
}
