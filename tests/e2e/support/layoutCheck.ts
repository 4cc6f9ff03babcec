import type { Page } from 'playwright-core';

// Layout checks run inside the page (the function is serialised: no outside helpers).
// - overlap: two pieces of text from different elements whose visible boxes intersect;
// - clipped: an element whose text is cut by its box without an ellipsis and a tooltip (a title
//   on it or an ancestor);
// - overflow: the screen scrolls sideways: an element reaches past the viewport's right edge and
//   no ancestor inside the viewport clips or scrolls it (a wide table scrolling inside its card is
//   fine; the page itself is not).
// Only what is visible counts: boxes are cut to every clipping ancestor (a table scrolling
// sideways, a card list with a max height); hidden and aria-hidden content is skipped.

export interface LayoutProblem {
  kind: 'overlap' | 'clipped' | 'overflow';
  text: string;
  other?: string;
  where: string;
}

export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    type Box = { left: number; top: number; right: number; bottom: number };
    const problems: Array<{ kind: 'overlap' | 'clipped' | 'overflow'; text: string; other?: string; where: string }> = [];
    const clipCache = new Map<Element, Box | null>();
    const describe = (el: Element): string => {
      const parts: string[] = [];
      let e: Element | null = el;
      for (let i = 0; e && i < 4; i++, e = e.parentElement) {
        const id = e.getAttribute('data-widget-id');
        parts.unshift(id ? `[${id}]` : e.tagName.toLowerCase());
        if (id) break;
      }
      return parts.join(' > ');
    };
    const intersect = (a: Box, b: Box): Box | null => {
      const r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
      return r.right - r.left > 0.5 && r.bottom - r.top > 0.5 ? r : null;
    };
    // the visible area an element's content is drawn in: its clipping ancestors' boxes intersected
    const clipOf = (el: Element | null): Box | null => {
      const full = { left: -1e6, top: -1e6, right: 1e6, bottom: 1e6 };
      if (!el) return full;
      if (clipCache.has(el)) return clipCache.get(el)!;
      const parent = clipOf(el.parentElement);
      let result: Box | null = parent;
      const s = getComputedStyle(el);
      // the visually-hidden pattern (text for screen readers only: clip or clip-path) shows nothing
      if ((s.position === 'absolute' && s.clip !== 'auto' && s.clip !== '') || (s.clipPath !== 'none' && s.clipPath !== '')) result = null;
      else if (parent && (s.overflowX !== 'visible' || s.overflowY !== 'visible')) {
        const r = el.getBoundingClientRect();
        const own = {
          left: s.overflowX === 'visible' ? -1e6 : r.left,
          right: s.overflowX === 'visible' ? 1e6 : r.right,
          top: s.overflowY === 'visible' ? -1e6 : r.top,
          bottom: s.overflowY === 'visible' ? 1e6 : r.bottom,
        };
        result = intersect(parent, own);
      }
      clipCache.set(el, result);
      return result;
    };
    const hidden = (el: Element) => !!el.closest('[aria-hidden="true"], [hidden], [inert], svg, canvas, script, style, noscript, template');
    // text pieces: every line box of every text node, cut to its visible area
    const pieces: Array<{ box: Box; el: Element; text: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || hidden(el)) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
      const clip = clipOf(el);
      if (!clip) continue;
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width < 1 || r.height < 1) continue;
        const box = intersect(clip, { left: r.left, top: r.top, right: r.right, bottom: r.bottom });
        if (box) pieces.push({ box, el, text });
      }
    }
    // overlap: sweep by top edge; two pieces of different elements that intersect by more than
    // 2 px both ways (glyph boxes of neighbouring lines touch)
    pieces.sort((a, b) => a.box.top - b.box.top);
    const seen = new Set<string>();
    for (let i = 0; i < pieces.length; i++) {
      const a = pieces[i];
      for (let j = i + 1; j < pieces.length && pieces[j].box.top < a.box.bottom - 2; j++) {
        const b = pieces[j];
        if (a.el === b.el) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x <= 2 || y <= 2) continue;
        const key = `${a.text}\u0000${b.text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push({ kind: 'overlap', text: a.text.slice(0, 60), other: b.text.slice(0, 60), where: describe(a.el) });
      }
    }
    // clipped: the element's own text is wider or taller than its box, and the box cuts it
    const owners = new Set(pieces.map((p) => p.el));
    for (const el of owners) {
      const s = getComputedStyle(el);
      const cutsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const cutsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      const wide = cutsX && el.scrollWidth > el.clientWidth + 1;
      const tall = cutsY && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0;
      if (!wide && !tall) continue;
      const ellipsis = s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
      const tooltip = !!el.closest('[title]') || el.hasAttribute('aria-description') || el.hasAttribute('aria-describedby');
      if (ellipsis && tooltip) continue;
      problems.push({ kind: 'clipped', text: (el.textContent ?? '').trim().slice(0, 60), where: `${describe(el)} (${ellipsis ? 'no tooltip' : 'no ellipsis'})` });
    }
    // overflow: the outermost elements that stick out past the viewport unclipped
    const viewport = document.documentElement.clientWidth;
    const sticksOut = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= viewport + 1) return false;
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' && p.getBoundingClientRect().right <= viewport + 1) return false;
      }
      return true;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!sticksOut(el) || (el.parentElement && el.parentElement !== document.body && sticksOut(el.parentElement))) continue;
      const right = Math.round(el.getBoundingClientRect().right);
      problems.push({ kind: 'overflow', text: `${right} px wide: ${(el.textContent ?? '').trim().slice(0, 40)}`, where: describe(el) });
    }
    return problems;
  });
}
