import type { PageRule } from '../context';

// Where a page is mounted follows from its route and its 'shell': /app pages sit in the app shell
// (true) or stand alone (false); pages outside /app are mounted only inside an onboarding frame
// ('onboarding' or 'pricing'), behind the sign-in and onboarding guards. An onboarding frame on an
// /app page, or the app shell's true/false outside /app, would leave the page framed wrongly or
// not mounted at all.

const ONBOARDING_SHELLS = ['onboarding', 'pricing'];

export const shellRoute: PageRule = {
  id: 'shell-route',
  description: "A page's 'shell' does not fit its route: 'onboarding' / 'pricing' are for routes outside /app, true / false for /app routes.",
  scope: 'page',
  check(ctx) {
    const page = ctx.page;
    if (!page || typeof page.route !== 'string') return;
    const inApp = /^\/app(\/|$)/.test(page.route);
    const shell = page.shell;
    const onboarding = typeof shell === 'string' && ONBOARDING_SHELLS.includes(shell);
    if (inApp && onboarding) {
      ctx.report(this.id, { path: ['shell'], message: `shell '${shell}' is for routes outside /app; an /app page takes true (app shell) or false (standalone)` });
    } else if (!inApp && typeof shell === 'boolean') {
      ctx.report(this.id, {
        path: ['shell'],
        message: `route '${page.route}' is outside /app, where "shell": ${shell} means nothing; it is mounted only with "shell": "onboarding" or "pricing"`,
      });
    }
  },
};
