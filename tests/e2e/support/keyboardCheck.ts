import type { Page } from 'playwright-core';

// Keyboard: pressing Tab from the top of the screen must reach every visible control in the tab
// order, each showing a visible focus indicator (an outline, a ring, a border or a background that
// differs from the unfocused control, on the control or its ::before/::after). Members of a
// composite widget (a tab list, a menu: tabindex -1 with arrow-key moves) count as reached when
// one member of their group is. A control a mouse can click (cursor: pointer) that neither is
// nor holds nor sits in a focusable element is reported as mouse-only.

export interface KeyboardProblem {
  kind: 'unreachable' | 'no-focus-style' | 'mouse-only';
  what: string;
}

const MARK = 'data-kb-check';

export async function keyboardProblems(page: Page, maxTabs = 400): Promise<KeyboardProblem[]> {
  // number every interactive element in the tab order, and the composites' members
  const total = await page.evaluate((mark) => {
    const visible = (el: Element) => {
      if (el.closest('[aria-hidden="true"], [inert], [hidden]')) return false;
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
    };
    const selector = 'a[href], button, input, select, textarea, [tabindex], [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="combobox"], [role="switch"], [role="menuitem"], [role="option"]';
    let n = 0;
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!visible(el) || (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      if (el.hasAttribute('data-tabster-dummy')) continue;
      const h = el as HTMLElement;
      const composite = el.closest('[role="tablist"], [role="menu"], [role="menubar"], [role="listbox"], [role="radiogroup"], [role="toolbar"][aria-orientation], [role="grid"], [role="tree"]');
      if (h.tabIndex < 0 && !composite) continue; // not meant for Tab (a programmatic focus target)
      el.setAttribute(mark, composite ? `group:${Array.from(document.querySelectorAll('*')).indexOf(composite)}` : `el:${n}`);
      n++;
    }
    return n;
  }, MARK);
  if (total === 0) return [];
  // a recorder in the page notes every element focus lands on and how it looks then
  await page.evaluate((mark) => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    const sig = (node: Element, pseudo?: string) => {
      const s = getComputedStyle(node, pseudo);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor, s.textDecorationLine].join('|');
    };
    const log: Array<{ id: string; focused: string }> = [];
    (window as unknown as { __kbLog: typeof log }).__kbLog = log;
    const onFocus = () => {
      const el = document.activeElement as HTMLElement | null;
      // Tabster's sentinels pass focus straight on to the next real control
      if (!el || el === document.body || el.hasAttribute('data-tabster-dummy')) return;
      const target = el.closest(`[${mark}]`) ?? el;
      if (!target.hasAttribute('data-kb-id')) target.setAttribute('data-kb-id', String(log.length));
      const step = { id: target.getAttribute('data-kb-id')!, focused: '' };
      log.push(step);
      // focus styles apply in the next frame in some components (a focus-visible attribute); on a
      // busy machine focus may have moved on by then, and the style is not judged
      requestAnimationFrame(() => {
        if (document.activeElement === el) step.focused = [sig(el), sig(el, '::after'), sig(el, '::before')].join('#');
      });
    };
    document.addEventListener('focusin', onFocus);
    (window as unknown as { __kbStop: () => void }).__kbStop = () => document.removeEventListener('focusin', onFocus);
  }, MARK);
  await page.mouse.click(1, 1).catch(() => undefined);
  for (let i = 0; i < Math.min(maxTabs, total + 30); i++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(16);
  }
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  const log = await page.evaluate(() => {
    (window as unknown as { __kbStop: () => void }).__kbStop();
    return (window as unknown as { __kbLog: Array<{ id: string; focused: string }> }).__kbLog;
  });
  // once round the page: stop where the first focused element comes round again
  const reached: Array<{ id: string; focused: string }> = [];
  for (const step of log) {
    if (reached.length && step.id === reached[0].id) break;
    reached.push(step);
  }
  // unfocused, with the focus styles gone (some leave a frame later)
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  return page.evaluate(
    ({ mark, reached }) => {
      const problems: Array<{ kind: 'unreachable' | 'no-focus-style' | 'mouse-only'; what: string }> = [];
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"${
          el.closest('[data-widget-id]') ? ` in [${el.closest('[data-widget-id]')!.getAttribute('data-widget-id')}]` : ''
        }`;
      (document.activeElement as HTMLElement | null)?.blur();
      const sig = (node: Element, pseudo?: string) => {
        const s = getComputedStyle(node, pseudo);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor, s.textDecorationLine].join('|');
      };
      const reachedIds = new Set(reached.map((r) => r.id));
      const reachedGroups = new Set<string>();
      for (const el of Array.from(document.querySelectorAll('[data-kb-id]'))) {
        const m = el.getAttribute(mark);
        if (m?.startsWith('group:') && reachedIds.has(el.getAttribute('data-kb-id')!)) reachedGroups.add(m);
      }
      for (const el of Array.from(document.querySelectorAll(`[${mark}]`))) {
        const m = el.getAttribute(mark)!;
        const id = el.getAttribute('data-kb-id');
        const ok = m.startsWith('group:') ? reachedGroups.has(m) : !!id && reachedIds.has(id);
        if (!ok) problems.push({ kind: 'unreachable', what: name(el) });
      }
      for (const r of reached) {
        const el = document.querySelector(`[data-kb-id="${r.id}"]`);
        if (!el || !r.focused) continue;
        const focusable = el.matches(`[${mark}]`) ? el : el;
        const rest = [sig(focusable), sig(focusable, '::after'), sig(focusable, '::before')].join('#');
        if (rest === r.focused) problems.push({ kind: 'no-focus-style', what: name(el) });
      }
      // mouse-only: pointer cursor, not focusable, nothing focusable inside or around it
      const focusableSel = 'a[href], button, input, select, textarea, [tabindex]';
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        if (el.closest('[aria-hidden="true"], [inert], svg')) continue;
        const s = getComputedStyle(el);
        if (s.cursor !== 'pointer') continue;
        if (el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer') continue; // report the outermost
        if (el.matches(focusableSel) || el.querySelector(focusableSel) || el.closest(focusableSel) || (el as HTMLElement).closest('label')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        problems.push({ kind: 'mouse-only', what: name(el) });
      }
      for (const el of Array.from(document.querySelectorAll(`[${mark}], [data-kb-id]`))) {
        el.removeAttribute(mark);
        el.removeAttribute('data-kb-id');
      }
      return problems;
    },
    { mark: MARK, reached },
  );
}
