// Unsaved edits are kept per page file in this browser (localStorage), so a reload, a closed tab
// or a look at another page loses nothing. A draft equal to the deployed text is no draft.

const PREFIX = 'answerscope.studio.draft.';

export interface Draft {
  text: string;
  /** ms since epoch of the last edit */
  at: number;
  /** the deployed text the draft was started from, to tell when the file changed underneath */
  base: string;
}

export function readDraft(file: string): Draft | null {
  try {
    const raw = localStorage.getItem(PREFIX + file);
    if (!raw) return null;
    const d = JSON.parse(raw) as Draft;
    return typeof d.text === 'string' && typeof d.at === 'number' ? d : null;
  } catch {
    return null;
  }
}

export function writeDraft(file: string, text: string, base: string): void {
  try {
    if (text === base) localStorage.removeItem(PREFIX + file);
    else localStorage.setItem(PREFIX + file, JSON.stringify({ text, at: Date.now(), base } satisfies Draft));
  } catch {
    // storage full or blocked: the edit stays in the editor, only the backup is missing
  }
}

export function clearDraft(file: string): void {
  try {
    localStorage.removeItem(PREFIX + file);
  } catch {
    // nothing to clear
  }
}

/** Files with a draft, for the page list. */
export function draftFiles(): string[] {
  const out: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) out.push(key.slice(PREFIX.length));
    }
  } catch {
    // no storage: no drafts
  }
  return out;
}
