import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Badge,
  Button,
  Field,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Tab,
  TabList,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownloadRegular,
  ArrowUndoRegular,
  ArrowMaximizeRegular,
  ArrowMinimizeRegular,
  CopyRegular,
  ErrorCircleRegular,
  SaveRegular,
  CheckmarkCircleRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import { nextDiagnostic, openLintPanel } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { Diagnostic, PageLinter } from '../../engine/studio';
import { useSession } from '../session/SessionContext';
import type { PageDefinition } from '../../engine';
import { loadWidgetTemplates, previewDefinition, StudioPreview } from '../host/studioPreview';
import { DiffView, lineChanges } from './DiffView';
import { clearDraft, readDraft, writeDraft } from './drafts';
import { summarize, summaryText } from './editor/diagnostics';
import { addWidgetEdits } from './templates';
import { PreviewBoundary } from './PreviewBoundary';
import { saveToPages, SAVES_TO_PAGES } from './devSave';
import { useNarrow } from './useNarrow';

// CodeMirror with its schema completion and hover docs: a chunk of its own, fetched beside the lint's
const JsonEditor = lazy(() => import('./editor/JsonEditor').then((m) => ({ default: m.JsonEditor })));

// One page open in the studio: the JSON editor with lint as you type, and beside it the live
// preview on the real API (re-drawn on every edit that lints without errors) or the changes
// against the deployed file. Edits are a draft in this browser until saved to pages/ (development)
// or downloaded / copied for a commit; subscribers see a page change only once it is deployed.

/** A row of controls above an area: the page's bar and each pane's head. */
const controlRow = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: tokens.spacingHorizontalS,
  borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  bar: { ...controlRow, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, backgroundColor: tokens.colorNeutralBackground1 },
  grow: { flexGrow: 1 },
  panes: { display: 'flex', flexGrow: 1, minHeight: 0 },
  pane: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, flexBasis: 0, flexGrow: 1 },
  editorPane: { borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  paneHead: { ...controlRow, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, backgroundColor: tokens.colorNeutralBackground2, minHeight: '40px' },
  paneBody: { flexGrow: 1, minHeight: 0, overflow: 'auto' },
  preview: { backgroundColor: tokens.colorNeutralBackground2, padding: tokens.spacingHorizontalM },
  lintOk: { color: tokens.colorPaletteGreenForeground1 },
  lintBad: { color: tokens.colorPaletteRedForeground1 },
  lintWarn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  param: { width: '160px' },
});

export interface WorkspaceProps {
  file: string;
  /** the file's text as deployed (pages/<file>) */
  deployed: string;
  /** tells the studio the file on disk changed (after a save in development) */
  onSaved: (file: string, text: string) => void;
}

type Side = 'preview' | 'changes';
type Pane = 'editor' | Side;

function downloadText(file: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function Workspace({ file, deployed, onSaved }: WorkspaceProps) {
  const styles = useStyles();
  const { brands, selectedBrand } = useSession();
  const narrow = useNarrow();
  const restored = useMemo(() => readDraft(file), [file]);
  const [docKey, setDocKey] = useState(0);
  const [start, setStart] = useState(() => restored?.text ?? deployed);
  const [text, setText] = useState(start);
  const [found, setFound] = useState<{ text: string; diagnostics: Diagnostic[] } | null>(null);
  const initialPreview = useMemo(() => {
    const def = previewDefinition(parseOrNull(start) ?? parseOrNull(deployed));
    return typeof def === 'string' ? null : def;
    // the first preview only: later ones come from clean lint results
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);
  const [preview, setPreview] = useState<{ page: PageDefinition; text: string } | null>(initialPreview ? { page: initialPreview, text: start } : null);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  const [side, setSide] = useState<Side>('preview');
  // on a phone the preview comes first: reading a page there is likelier than editing it
  const [pane, setPane] = useState<Pane>(narrow ? 'preview' : 'editor');
  const [wide, setWide] = useState(false);
  const [brandId, setBrandId] = useState<string>(selectedBrand?.id ?? brands[0]?.id ?? '');
  const [params, setParams] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ intent: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [showRestored, setShowRestored] = useState(restored !== null && restored.text !== deployed);
  const [saving, setSaving] = useState(false);
  const view = useRef<EditorView | null>(null);
  // the lint (page and widget schemas, Vega-Lite's schema) is a chunk of its own, loaded beside the editor's
  const [linter, setLinter] = useState<PageLinter | null>(null);
  const [linterFailed, setLinterFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('./studioLinter').then(
      (m) => live && setLinter(m.studioLinter()),
      (e: Error) => live && setLinterFailed(e.message),
    );
    return () => {
      live = false;
    };
  }, []);

  const dirty = text !== deployed;
  const linted = found && found.text === text ? summarize(found.diagnostics) : null;
  const previewStale = preview !== null && preview.text !== text;
  const brand = (brands.find((b) => b.id === brandId) ?? null) as Record<string, unknown> | null;
  const routeParams = useMemo(() => [...(preview?.page.route ?? '').matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]), [preview?.page.route]);
  const changes = useMemo(() => (side === 'changes' || pane === 'changes' ? lineChanges(deployed, text) : null), [side, pane, deployed, text]);

  // keep the draft (debounced): a reload or another page loses nothing
  useEffect(() => {
    const t = setTimeout(() => writeDraft(file, text, deployed), 300);
    return () => clearTimeout(t);
  }, [file, text, deployed]);

  // leaving with edits that are neither saved nor deployed: the browser asks first
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onLinted = useCallback((linted: string, diagnostics: Diagnostic[]) => {
    setFound({ text: linted, diagnostics });
    if (diagnostics.some((d) => d.severity === 'error')) return;
    const def = previewDefinition(parseOrNull(linted));
    if (typeof def === 'string') setPreviewProblem(def);
    else {
      setPreviewProblem(null);
      setPreview({ page: def, text: linted });
    }
  }, []);

  const lint = useCallback((t: string) => (linter ? linter.lint(file, t) : Promise.resolve([])), [linter, file]);

  const replaceText = (next: string) => {
    setStart(next);
    setText(next);
    setDocKey((k) => k + 1);
  };

  const revert = () => {
    if (dirty && !window.confirm(`Discard your changes to ${file} and go back to the deployed file?`)) return;
    clearDraft(file);
    setShowRestored(false);
    replaceText(deployed);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice({ intent: 'success', text: `Copied ${file} to the clipboard.` });
    } catch {
      setNotice({ intent: 'error', text: 'The browser did not allow copying; use Download instead.' });
    }
  };

  const download = () => {
    downloadText(file, text);
    setNotice({ intent: 'info', text: `Downloaded ${file}. Commit it to pages/ to deploy it.` });
  };

  const save = async () => {
    if (!SAVES_TO_PAGES) return download();
    setSaving(true);
    try {
      const message = await saveToPages(file, text);
      clearDraft(file);
      setNotice({ intent: 'success', text: `${message[0].toUpperCase()}${message.slice(1)}. The app reloads with it; commit the file to deploy it.` });
      onSaved(file, text.endsWith('\n') ? text : `${text}\n`);
    } catch (e) {
      setNotice({ intent: 'error', text: (e as Error).message });
    } finally {
      setSaving(false);
    }
  };

  const addWidget = async (kind: string) => {
    const templates = await loadWidgetTemplates();
    const v = view.current;
    const template = templates[kind];
    if (!v || !template) return;
    const added = addWidgetEdits(v.state.doc.toString(), template);
    if (!added) {
      setNotice({ intent: 'error', text: 'Fix the JSON first: a widget can only be added to a page object.' });
      return;
    }
    v.dispatch({ changes: added.edits.map((e) => ({ from: e.offset, to: e.offset + e.length, insert: e.content })), userEvent: 'input.template' });
    const at = v.state.doc.toString().indexOf(`"${added.id}": {`);
    if (at >= 0) v.dispatch({ selection: { anchor: at + 1, head: at + 1 + added.id.length }, scrollIntoView: true });
    v.focus();
    setNotice({ intent: 'info', text: `Added widget '${added.id}' (${kind}) in a new row at the end of the layout. Undo: Ctrl+Z.` });
  };

  const [kinds, setKinds] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    loadWidgetTemplates().then((t) => live && setKinds(Object.keys(t).sort()), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  const saveLatest = useRef(save);
  saveLatest.current = save;
  const keys = useMemo(() => [{ key: 'Mod-s', run: () => (void saveLatest.current(), true) }], []);

  const lintButton = (() => {
    if (!linted) return <span className={styles.small}>Checking…</span>;
    const Icon = linted.errors ? ErrorCircleRegular : linted.warnings ? WarningRegular : CheckmarkCircleRegular;
    const cls = linted.errors ? styles.lintBad : linted.warnings ? styles.lintWarn : styles.lintOk;
    return (
      <Tooltip content="Show problems (Ctrl+Shift+M); F8 jumps to the next one" relationship="description">
        <Button
          appearance="subtle"
          size="small"
          icon={<Icon className={cls} />}
          data-testid="studio-lint-summary"
          onClick={() => {
            if (!view.current) return;
            if (linted.errors || linted.warnings) {
              nextDiagnostic(view.current);
              openLintPanel(view.current);
            }
          }}
        >
          {summaryText(linted)}
        </Button>
      </Tooltip>
    );
  })();

  const saveState = !dirty ? (
    <Badge appearance="tint" color="informative" data-testid="studio-save-state">No changes</Badge>
  ) : (
    <Tooltip content={SAVES_TO_PAGES ? 'Kept in this browser until you save it to pages/ (Ctrl+S)' : 'Kept in this browser; download or copy it and commit it to pages/ to deploy'} relationship="description">
      <Badge appearance="tint" color="warning" data-testid="studio-save-state">{SAVES_TO_PAGES ? 'Unsaved changes' : 'Draft, not deployed'}</Badge>
    </Tooltip>
  );

  const editorPane = (
    <section className={mergeClasses(styles.pane, !narrow && styles.editorPane)} aria-label="Editor">
      <div className={styles.paneHead}>
        {lintButton}
        <span className={styles.grow} />
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" icon={<AddRegular />} disabled={!kinds.length}>Add widget</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList style={{ maxHeight: '60vh', overflowY: 'auto' }}>
              {kinds.map((k) => (
                <MenuItem key={k} onClick={() => void addWidget(k)}>{k}</MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
      <div className={styles.paneBody}>
        {linter ? (
          <Suspense fallback={<Spinner size="small" label="Loading the editor…" />}>
            <JsonEditor
              doc={start}
              docKey={`${file}:${docKey}`}
              schema={linter.schema}
              lint={lint}
              onChange={setText}
              onLinted={onLinted}
              keys={keys}
              onView={(v) => (view.current = v)}
            />
          </Suspense>
        ) : linterFailed ? (
          <MessageBar intent="error">
            <MessageBarBody>The editor could not load the page lint ({linterFailed}). Reload the page to try again.</MessageBarBody>
          </MessageBar>
        ) : (
          <Spinner size="small" label="Loading the editor…" />
        )}
      </div>
    </section>
  );

  const previewBody = (
    <>
      {previewProblem || previewStale ? (
        <MessageBar intent={previewProblem ? 'error' : 'warning'} data-testid="studio-preview-stale">
          <MessageBarBody>{previewProblem ?? 'The preview shows the last version without errors; fix the problems marked in the editor to update it.'}</MessageBarBody>
        </MessageBar>
      ) : null}
      {preview ? (
        <PreviewBoundary resetKey={preview.text}>
          <StudioPreview page={preview.page} brand={brand} params={params} />
        </PreviewBoundary>
      ) : (
        <p>No preview yet: the page has errors.</p>
      )}
    </>
  );

  // Links in the preview would leave the studio: they are shown, not followed.
  const stopLinks = (e: MouseEvent) => {
    const a = (e.target as HTMLElement).closest('a[href]');
    if (!a || a.getAttribute('target') === '_blank') return;
    e.preventDefault();
    e.stopPropagation();
    setNotice({ intent: 'info', text: `Links are not followed in the preview (this one opens ${a.getAttribute('href')}).` });
  };

  const sidePane = (which: Side) => (
    <section className={styles.pane} aria-label={which === 'preview' ? 'Preview' : 'Changes'}>
      {!narrow ? (
        <div className={styles.paneHead}>
          <TabList size="small" selectedValue={side} onTabSelect={(_, d) => setSide(d.value as Side)}>
            <Tab value="preview">Preview</Tab>
            <Tab value="changes">Changes{dirty ? ' •' : ''}</Tab>
          </TabList>
          <span className={styles.grow} />
          {which === 'changes' && changes ? <span className={styles.small} data-testid="studio-change-count">+{changes.added} −{changes.removed} lines</span> : null}
          <Tooltip content={wide ? 'Show the editor again' : 'Hide the editor: the page at full width'} relationship="description">
            <Button size="small" appearance="subtle" icon={wide ? <ArrowMinimizeRegular /> : <ArrowMaximizeRegular />} aria-pressed={wide} onClick={() => setWide((w) => !w)}>
              {wide ? 'Split' : 'Full width'}
            </Button>
          </Tooltip>
        </div>
      ) : null}
      <div
        className={mergeClasses(styles.paneBody, which === 'preview' && styles.preview)}
        data-testid={which === 'preview' ? 'studio-preview' : undefined}
        onClickCapture={which === 'preview' ? stopLinks : undefined}
      >
        {which === 'preview' ? previewBody : dirty ? <DiffView deployed={deployed} draft={text} /> : <p style={{ padding: tokens.spacingHorizontalM }}>No changes against pages/{file}.</p>}
      </div>
    </section>
  );

  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        {saveState}
        <Field label="Brand" orientation="horizontal" size="small">
          <Select size="small" value={brandId} onChange={(_, d) => setBrandId(d.value)} aria-label="Brand for the preview">
            {brands.map((b) => (
              <option key={b.id} value={b.id}>{b.name}</option>
            ))}
          </Select>
        </Field>
        {routeParams.map((name) => (
          <Field key={name} label={`:${name}`} orientation="horizontal" size="small">
            <Input className={styles.param} size="small" value={params[name] ?? ''} placeholder="value" onChange={(_, d) => setParams((p) => ({ ...p, [name]: d.value }))} />
          </Field>
        ))}
        <span className={styles.grow} />
        <Button size="small" icon={<ArrowUndoRegular />} onClick={revert} disabled={!dirty}>Revert</Button>
        <Button size="small" icon={<CopyRegular />} onClick={() => void copy()}>Copy</Button>
        <Button size="small" icon={<ArrowDownloadRegular />} onClick={download}>Download</Button>
        {SAVES_TO_PAGES ? (
          <Tooltip content="Write it to pages/ (Ctrl+S); the app reloads with it" relationship="description">
            <Button size="small" appearance="primary" icon={<SaveRegular />} onClick={() => void save()} disabled={!dirty || saving}>
              {saving ? 'Saving…' : 'Save to pages/'}
            </Button>
          </Tooltip>
        ) : null}
      </div>
      {showRestored && restored ? (
        <MessageBar intent="info">
          <MessageBarBody>
            Restored your unsaved draft of {file} from {new Date(restored.at).toLocaleString()}.
            {restored.base !== deployed ? ' The deployed file has changed since you started it: check the changes.' : ''}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => setShowRestored(false)}>Keep</Button>
            <Button size="small" onClick={revert}>Discard</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {notice ? (
        <MessageBar intent={notice.intent} data-testid="studio-notice">
          <MessageBarBody>{notice.text}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="transparent" onClick={() => setNotice(null)}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {narrow ? (
        <>
          <div className={styles.paneHead}>
            <TabList size="small" selectedValue={pane} onTabSelect={(_, d) => setPane(d.value as Pane)}>
              <Tab value="editor">Editor</Tab>
              <Tab value="preview">Preview</Tab>
              <Tab value="changes">Changes{dirty ? ' •' : ''}</Tab>
            </TabList>
          </div>
          {/* the editor stays mounted (its text and undo history live in it), only hidden */}
          <div className={styles.panes}>
            <div className={styles.pane} style={pane === 'editor' ? undefined : { display: 'none' }}>{editorPane}</div>
            {pane === 'editor' ? null : sidePane(pane)}
          </div>
        </>
      ) : (
        <div className={styles.panes}>
          <div className={styles.pane} style={wide ? { display: 'none' } : undefined}>{editorPane}</div>
          {sidePane(side)}
        </div>
      )}
      <p className={styles.small} style={{ margin: 0, padding: `2px ${tokens.spacingHorizontalM}` }}>
        <Link to="/studio" style={{ color: tokens.colorBrandForegroundLink }}>All pages</Link> · Subscribers see a change only after the file is committed to pages/ and deployed.
      </p>
    </div>
  );
}
