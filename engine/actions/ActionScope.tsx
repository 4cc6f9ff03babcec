import { createContext, useContext } from 'react';
import type { Row } from './types';

// What an action started inside a dialog, a table row or a bulk bar can see: the row it was
// started on, the current selection, and hooks to close the dialog / clear the selection / mark
// the dialog busy (a busy dialog cannot be closed).
export interface ActionScopeValue {
  row?: Row | null;
  selection?: Row[];
  clearSelection?: () => void;
  close?: () => void;
  setBusy?: (busy: boolean) => void;
}

export const ActionScope = createContext<ActionScopeValue>({});

export function useActionScope(): ActionScopeValue {
  return useContext(ActionScope);
}
