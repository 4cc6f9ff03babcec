import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { pageCount, pageSlots, rangeOf } from './paginate';

// Page controls under a table with `pagination`: previous/next and the page list of paginate.ts.
const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', paddingTop: tokens.spacingVerticalS },
  pages: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  gap: { minWidth: '24px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export function TablePager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const styles = useStyles();
  const pages = pageCount(total, pageSize);
  const { from, to } = rangeOf(page, pageSize, total);
  return (
    <nav className={styles.bar} aria-label={`${label} pages`}>
      <Text size={200}>{`${from}–${to} of ${total}`}</Text>
      {pages > 1 && (
        <div className={styles.pages}>
          <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
          {pageSlots(page, pages).map((slot) =>
            typeof slot === 'number' ? (
              <Button
                key={slot}
                size="small"
                appearance={slot === page ? 'primary' : 'subtle'}
                aria-label={`Page ${slot}`}
                aria-current={slot === page ? 'page' : undefined}
                onClick={() => onPage(slot)}
              >
                {slot}
              </Button>
            ) : (
              <span key={slot} className={styles.gap} aria-hidden="true">
                …
              </span>
            ),
          )}
          <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)} />
        </div>
      )}
    </nav>
  );
}
