import { createContext, useContext } from 'react';
import type { Row } from './types';

// What an action started inside a dialog, a table row or a bulk bar can see: the row it was
// started on, the current selection, and hooks to close the dialog / clear the selection / mark
// the dialog busy (a busy dialog cannot be closed), and whether success is announced page-wide.
export interface ActionScopeValue {
  row?: Row | null;
  selection?: Row[];
  clearSelection?: () => void;
  close?: () => void;
  setBusy?: (busy: boolean) => void;
  /** The trigger may leave with its row once the action's revalidation changes the row (a table's
   * row actions): its success copy goes to the page's notices instead of beside the button. */
  announceSuccess?: boolean;
}

export const ActionScope = createContext<ActionScopeValue>({});

export function useActionScope(): ActionScopeValue {
  return useContext(ActionScope);
}
