import { fromMarkdown } from 'mdast-util-from-markdown';

// The words of a markdown text without its syntax ('**Monzo** is…' reads 'Monzo is…'), for
// places that cut a text to a preview: a cut through the markup would show stray asterisks.
// Raw HTML in it is left out, not shown as text; blocks (paragraphs, list items) are joined by a space.

interface MdNode {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MdNode[];
}

// nodes whose children run on in one line of text
const INLINE_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);

function textOf(node: MdNode): string {
  if (node.type === 'html') return '';
  if (node.type === 'break') return ' ';
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if (typeof node.value === 'string') return node.value;
  const parts = (node.children ?? []).map(textOf);
  return INLINE_PARENTS.has(node.type) ? parts.join('') : parts.join(' ');
}

export function markdownText(text: string): string {
  return textOf(fromMarkdown(text) as MdNode).replace(/\s+/g, ' ').trim();
}
