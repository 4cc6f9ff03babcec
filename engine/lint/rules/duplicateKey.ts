import type { Node } from 'jsonc-parser';
import type { PageRule } from '../context';
import { positionAt, propertyNodes, type Path } from '../source';

// JSON.parse keeps the last of two equal keys and drops the first without a word: an edit that
// "does nothing" is the usual symptom. (Duplicate widget ids have their own rule.)
export const duplicateKey: PageRule = {
  id: 'duplicate-key',
  description: 'An object has the same property twice; only the last one takes effect.',
  scope: 'page',
  check(ctx) {
    const visit = (node: Node | undefined, path: Path) => {
      if (!node) return;
      if (node.type === 'array') node.children?.forEach((c, i) => visit(c, [...path, i]));
      if (node.type !== 'object') return;
      const props = propertyNodes(node);
      const isWidgetsMap = path.length === 1 && path[0] === 'widgets';
      const first = new Map<string, Node>();
      for (const p of props) {
        const earlier = first.get(p.key);
        if (earlier && !isWidgetsMap) {
          const at = positionAt(ctx.src, earlier.offset);
          ctx.report(this.id, {
            path: [...path, p.key],
            range: { offset: p.keyNode.offset, length: p.keyNode.length },
            message: `duplicate property '${p.key}' (also at line ${at.line}:${at.column}); only the last one takes effect`,
          });
        }
        if (!earlier) first.set(p.key, p.keyNode);
      }
      // descend into each occurrence, so problems inside a shadowed duplicate are still seen
      for (const p of props) visit(p.valueNode, [...path, p.key]);
    };
    visit(ctx.src.root, []);
  },
};
