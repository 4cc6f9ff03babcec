import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, Spinner, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, CodeRegular } from '@fluentui/react-icons';
import { callApi } from '../api/client';
import { ThemeToggleButton } from '../theme';
import { PageList, pageSummary, type PageFile } from './PageList';
import { Workspace } from './Workspace';

// The page studio (/studio, staff only): the page configs as deployed, each opening in the editor
// with lint and a live preview. Loaded on its own (a lazy chunk with the editor and the lint) when
// a staff user opens it; subscribers never download it.

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100vh', backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground1 },
  top: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minHeight: '48px',
    boxSizing: 'border-box',
  },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  grow: { flexGrow: 1 },
  main: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  center: { padding: tokens.spacingHorizontalXXL },
});

export default function StudioSection() {
  const styles = useStyles();
  const [pages, setPages] = useState<PageFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    callApi<{ pages: PageFile[] }>('studio.pages').then(
      (r) => setPages(r.pages),
      (e: unknown) => setError((e as Error)?.message ?? 'The pages could not be loaded.'),
    );
  }, []);
  useEffect(load, [load]);

  const onSaved = useCallback((file: string, text: string) => {
    setPages((list) => (list ?? []).map((p) => (p.file === file ? { ...p, text } : p)));
  }, []);

  return (
    <div className={styles.root}>
      <header className={styles.top}>
        <Button as="a" href="/app/home" appearance="subtle" icon={<ArrowLeftRegular />} aria-label="Back to the app" title="Back to the app" />
        <Title3 as="h1" className={styles.title}>
          <CodeRegular aria-hidden />
          <Link to="/studio" style={{ color: 'inherit', textDecoration: 'none' }}>Page Studio</Link>
          <Routes>
            <Route path=":name/*" element={<FileTitle pages={pages} />} />
          </Routes>
        </Title3>
        <span className={styles.grow} />
        <ThemeToggleButton />
      </header>
      <main className={styles.main} id="main-content">
        {error ? (
          <div className={styles.center}>
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
            <Button style={{ marginTop: tokens.spacingVerticalM }} onClick={load}>Retry</Button>
          </div>
        ) : !pages ? (
          <div className={styles.center}>
            <Spinner label="Loading pages..." />
          </div>
        ) : (
          <Routes>
            <Route index element={<PageList pages={pages} />} />
            <Route path=":name/*" element={<OpenFile pages={pages} onSaved={onSaved} />} />
          </Routes>
        )}
      </main>
    </div>
  );
}

/** /studio/<name> opens pages/<name>.json (an address without a file extension, so the server serves the app for it). */
const fileOf = (name: string | undefined) => `${name ?? ''}.json`;

function FileTitle({ pages }: { pages: PageFile[] | null }) {
  const file = fileOf(useParams().name);
  const page = pages?.find((p) => p.file === file);
  return <span style={{ fontWeight: 'normal' }}>/ {page ? pageSummary(page).title : file}</span>;
}

function OpenFile({ pages, onSaved }: { pages: PageFile[]; onSaved: (file: string, text: string) => void }) {
  const file = fileOf(useParams().name);
  const navigate = useNavigate();
  const page = useMemo(() => pages.find((p) => p.file === file), [pages, file]);
  if (!page) {
    return (
      <div style={{ padding: tokens.spacingHorizontalXXL }}>
        <MessageBar intent="warning">
          <MessageBarBody>There is no page file {file} in pages/.</MessageBarBody>
        </MessageBar>
        <Button style={{ marginTop: tokens.spacingVerticalM }} onClick={() => navigate('/studio')}>All pages</Button>
      </div>
    );
  }
  return <Workspace key={file} file={file} deployed={page.text} onSaved={onSaved} />;
}
