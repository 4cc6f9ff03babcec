// An action (docs/page-format.md "Actions"): a button, row action, bulk action or form submit that
// calls a mutation from the call catalogue with a bound request, optionally after a confirmation,
// then revalidates the data that depends on it.
export interface ConfirmSpec {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button stays disabled until exactly this text is typed (e.g. 'DELETE'). */
  typeToConfirm?: string;
  /** Label of the text field for typeToConfirm; {word} = the text to type. */
  typeToConfirmLabel?: string;
  /** Shown under an error in the dialog (e.g. how to reach support). */
  errorHelp?: string;
  /** A link under an error in the dialog (e.g. a mailto: to support). */
  errorLink?: { label: string; href: string };
}

/** Opens a URL after the action: a field of the call's response (or of the row, without a call). */
export interface OpenSpec {
  field: string;
  /** 'new-tab' (default) or 'self' (this tab navigates away). */
  target?: 'new-tab' | 'self';
}

export interface ActionSpec {
  /** Mutation call id (schemas/api/calls). Absent when the action only opens a dialog. */
  call?: string;
  body?: Record<string, unknown>;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** 'selection': the call runs once per selected row, each with `$row` = that row. */
  forEach?: 'selection';
  confirm?: ConfirmSpec;
  /** Copy shown after success ({count} = rows affected; other {name}s = fields of the row it ran on). */
  success?: string;
  /** Error copy by HTTP status ("429") or "default"; without a match the server's message shows,
   * or "fallback" when the error has none. */
  errors?: Record<string, string>;
  /** Call ids whose cached responses are refetched after success (SWR keys start with the id). */
  revalidate?: string[];
  /** Reload the signed-in user's session data after success. */
  refreshSession?: boolean;
  /** Id of a dialog widget on the page to open (with `$row` = the row the action was started on). */
  dialog?: string;
  /** Route template to open after the call (or instead of one); {field} from the row, URL-encoded. */
  navigate?: string;
  /** Switch a layout tab group (a tabs item with this id) to the tab with this label (after the call, if any). */
  tab?: { tabs: string; label: string };
  /** Label of the trigger while the call runs ('Creating Session...'). */
  busyLabel?: string;
  /** Open a URL from the response ('Manage Billing' opens the portal session's url). */
  open?: OpenSpec;
  /** Save the call's response as a JSON file with this name ('Export my data'). */
  download?: { filename: string };
  /** After success: 'signOut' ends the session (the host's signOut; the browser leaves the app). */
  then?: 'signOut';
}

export type Row = Record<string, unknown>;
