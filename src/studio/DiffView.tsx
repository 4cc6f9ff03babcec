import { useEffect, useRef } from 'react';
import { json } from '@codemirror/lang-json';
import { unifiedMergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { studioEditorTheme } from './editor/theme';

// The draft against the file as deployed in pages/: the draft's text with removed lines shown in
// red above the lines that replace them, unchanged stretches folded (click to expand).

export function lineChanges(before: string, after: string): { added: number; removed: number } {
  // longest common subsequence on lines, enough for page files of a few thousand lines
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  const row = Array.from({ length: y.length + 1 }, () => 0);
  for (let i = 1; i <= x.length; i++) {
    let diag = 0;
    for (let j = 1; j <= y.length; j++) {
      const up = row[j];
      row[j] = x[i - 1] === y[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  const common = row[y.length];
  return { added: y.length - common, removed: x.length - common };
}

export function DiffView({ deployed, draft }: { deployed: string; draft: string }) {
  const parent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!parent.current) return;
    const view = new EditorView({
      parent: parent.current,
      state: EditorState.create({
        doc: draft,
        extensions: [
          lineNumbers(),
          json(),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          unifiedMergeView({ original: deployed, mergeControls: false, highlightChanges: true, collapseUnchanged: { margin: 3, minSize: 6 } }),
          EditorView.contentAttributes.of({ 'aria-label': 'Changes against the deployed file' }),
          studioEditorTheme,
        ],
      }),
    });
    return () => view.destroy();
  }, [deployed, draft]);
  return <div ref={parent} style={{ height: '100%', overflow: 'hidden' }} data-testid="studio-diff" />;
}
