import ReactMarkdown, { type Components } from 'react-markdown';
import { Link, makeStyles, shorthands, tokens } from '@fluentui/react-components';

// A text field in markdown (an AI answer: bold brand names, lists, links) rendered as React
// elements by react-markdown, which builds elements from the markdown syntax tree and never
// injects HTML: raw HTML in the text (a <script>, an onerror attribute) is dropped (skipHtml), and
// link targets go through its URL filter, which drops javascript: and other unsafe schemes.

const useStyles = makeStyles({
  root: {
    minWidth: 0,
    overflowWrap: 'anywhere',
    '& > :first-child': { marginTop: 0 },
    '& > :last-child': { marginBottom: 0 },
    '& p, & ul, & ol, & blockquote, & pre': { marginTop: 0, marginBottom: tokens.spacingVerticalS },
    '& ul, & ol': { paddingInlineStart: tokens.spacingHorizontalXL },
    '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, marginTop: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalXS },
    '& code': { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
    '& pre': { overflowX: 'auto', padding: tokens.spacingHorizontalS, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium },
    '& blockquote': { marginLeft: 0, marginRight: 0, paddingInlineStart: tokens.spacingHorizontalM, borderLeftWidth: '3px', borderLeftStyle: 'solid', borderLeftColor: tokens.colorNeutralStroke1, color: tokens.colorNeutralForeground2 },
    '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
    '& th, & td': { ...shorthands.border('1px', 'solid', tokens.colorNeutralStroke2), padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}` },
  },
});

// links leave the app in a new tab, without a way back to it (rel=noopener)
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ),
  img: ({ alt }) => <>{alt ?? ''}</>,
};

export function Markdown({ text, testId }: { text: string; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid={testId} data-format="markdown">
      <ReactMarkdown skipHtml components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
