import { useEffect, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { lintGutter, lintKeymap, linter } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import { jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import type { Diagnostic } from '../../../engine/studio';
import { toEditorDiagnostics } from './diagnostics';
import { studioEditorTheme } from './theme';

// The page config editor: CodeMirror 6 with JSON, completion and hover docs from the composed page
// schema, and the engine's own page lint as you type (marks at the offending key or value, in the
// gutter and in a panel: Ctrl/Cmd+Shift+M). Undo, search (Ctrl/Cmd+F), folding and line moves
// (Alt+Up/Down) are CodeMirror's. The text lives in the editor; the parent hears every change.

export interface JsonEditorProps {
  /** The document to show; a different `docKey` replaces the editor's text (another page, a revert). */
  doc: string;
  docKey: string;
  schema: Record<string, unknown> | null;
  /** Lints a text; the result also goes to onLinted with the text it is for. */
  lint: (text: string) => Promise<Diagnostic[]>;
  onChange: (text: string) => void;
  onLinted: (text: string, found: Diagnostic[]) => void;
  /** Extra key bindings (save, download), highest precedence. */
  keys?: { key: string; run: () => boolean }[];
  onView?: (view: EditorView | null) => void;
}

export function JsonEditor({ doc, docKey, schema, lint, onChange, onLinted, keys = [], onView }: JsonEditorProps) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // the latest callbacks, read by the editor's extensions (created once per document)
  const latest = useRef({ lint, onChange, onLinted, keys });
  latest.current = { lint, onChange, onLinted, keys };

  useEffect(() => {
    if (!parent.current) return;
    const extensions: Extension[] = [
      keymap.of(latest.current.keys.map((k) => ({ key: k.key, preventDefault: true, run: () => latest.current.keys.find((x) => x.key === k.key)?.run() ?? false }))),
      lineNumbers(),
      highlightActiveLineGutter(),
      foldGutter(),
      lintGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      autocompletion(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap]),
      json(),
      linter(
        async (v) => {
          const text = v.state.doc.toString();
          const found = await latest.current.lint(text);
          latest.current.onLinted(text, found);
          // a result for a text the editor no longer shows is dropped by the lint extension
          return toEditorDiagnostics(v.state.doc, found);
        },
        { delay: 250 },
      ),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) latest.current.onChange(u.state.doc.toString());
      }),
      EditorView.contentAttributes.of({ 'aria-label': 'Page config (JSON)' }),
      studioEditorTheme,
    ];
    if (schema) {
      extensions.push(
        stateExtensions(schema as JSONSchema7),
        jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
        hoverTooltip(jsonSchemaHover()),
      );
    }
    const v = new EditorView({ parent: parent.current, state: EditorState.create({ doc, extensions }) });
    view.current = v;
    onView?.(v);
    return () => {
      onView?.(null);
      v.destroy();
      view.current = null;
    };
    // a new editor per document (and schema): its undo history is that document's
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey, schema]);

  return <div ref={parent} style={{ height: '100%', minHeight: 0, overflow: 'hidden' }} data-testid="studio-editor" />;
}
