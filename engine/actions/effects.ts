import { getPath } from '../transforms/steps';
import { downloadBlob, safeFilename } from '../export/download';
import type { ActionSpec, Row } from './types';

// What an action does with its answer once the call succeeded: open a URL it returned (a billing
// portal, a hosted checkout), save it as a file (a data export), or end the session (after the
// account is deleted). Each is a field of the action, so pages stay declarative.

/** A tab opened before the call, while the click still counts as a user gesture: browsers block
 * window.open after an await. It is pointed at the URL once the answer is in, or closed. */
export interface PendingTab {
  window: Window | null;
}

export function openPendingTab(spec: ActionSpec): PendingTab | null {
  if (!spec.open || (spec.open.target ?? 'new-tab') !== 'new-tab' || !spec.call || typeof window === 'undefined') return null;
  const tab = window.open('', '_blank');
  // the opened page must not reach back into the app (what rel=noopener does for links)
  if (tab) tab.opener = null;
  return { window: tab };
}

export function closePendingTab(pending: PendingTab | null): void {
  pending?.window?.close();
}

/** The URL to open: a field of the (first) response, or of the row when the action has no call. */
export function urlToOpen(spec: ActionSpec, results: unknown[], row: Row | null | undefined): string | null {
  if (!spec.open) return null;
  const source = spec.call ? results[0] : row;
  const value = getPath(source, spec.open.field);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Thrown when the response lacks the URL the action should open (the call itself succeeded). */
export class NoUrlError extends Error {
  constructor(field: string) {
    super(`The response has no '${field}' to open`);
    this.name = 'NoUrlError';
  }
}

export function openUrl(url: string, target: 'new-tab' | 'self', pending: PendingTab | null): void {
  if (target === 'self') {
    window.location.assign(url);
    return;
  }
  if (pending?.window) pending.window.location.href = url;
  // no tab could be opened ahead (a blocker, or no call to wait for): open it now
  else window.open(url, '_blank', 'noopener');
}

/** Saves a call's response as a JSON file (compact: an account export runs to tens of megabytes). */
export function downloadJson(data: unknown, filename: string): void {
  downloadBlob(new Blob([JSON.stringify(data)], { type: 'application/json' }), safeFilename(filename));
}
