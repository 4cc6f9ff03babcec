import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Body1, Input, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { draftFiles } from './drafts';

// The studio's start: every page file as deployed, with its title, route and widget count, and
// which ones have a draft in this browser.

export interface PageFile {
  file: string;
  text: string;
}

export interface PageSummary {
  title: string;
  route: string;
  widgets: number;
}

export function pageSummary(page: PageFile): PageSummary {
  try {
    const v = JSON.parse(page.text) as { title?: unknown; route?: unknown; widgets?: unknown };
    return {
      title: typeof v.title === 'string' ? v.title : page.file,
      route: typeof v.route === 'string' ? v.route : '',
      widgets: v.widgets && typeof v.widgets === 'object' ? Object.keys(v.widgets).length : 0,
    };
  } catch {
    return { title: page.file, route: '', widgets: 0 };
  }
}

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalXL, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  search: { maxWidth: '360px' },
  table: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge },
  muted: { color: tokens.colorNeutralForeground3 },
  route: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  link: { color: tokens.colorBrandForegroundLink, ':hover': { color: tokens.colorBrandForegroundLinkHover } },
});

export function PageList({ pages }: { pages: PageFile[] }) {
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const drafts = useMemo(() => new Set(draftFiles()), []);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return pages
      .map((p) => ({ ...p, ...pageSummary(p) }))
      .filter((p) => !q || `${p.title} ${p.route} ${p.file}`.toLowerCase().includes(q))
      .sort((a, b) => a.title.localeCompare(b.title));
  }, [pages, query]);
  return (
    <div className={styles.root}>
      <Body1>Open a page to edit its config with lint as you type and a live preview on your data. Nothing you do here changes what subscribers see until the file is committed to pages/ and deployed.</Body1>
      <Input className={styles.search} contentBefore={<SearchRegular />} placeholder="Find a page" aria-label="Find a page" value={query} onChange={(_, d) => setQuery(d.value)} />
      <Table className={styles.table} aria-label="Pages" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Page</TableHeaderCell>
            <TableHeaderCell>Route</TableHeaderCell>
            <TableHeaderCell>File</TableHeaderCell>
            <TableHeaderCell>Widgets</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.file}>
              <TableCell>
                <Link className={styles.link} to={`/studio/${encodeURIComponent(p.file.replace(/\.json$/, ''))}`}>{p.title}</Link>{' '}
                {drafts.has(p.file) ? <Badge appearance="tint" color="warning" size="small">draft</Badge> : null}
              </TableCell>
              <TableCell className={styles.route}>{p.route}</TableCell>
              <TableCell className={styles.muted}>pages/{p.file}</TableCell>
              <TableCell>{p.widgets}</TableCell>
            </TableRow>
          ))}
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No page matches '{query}'.</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </div>
  );
}
