import type { Rule } from '../context.js';
import { duplicateKey } from './duplicate-key.js';
import { duplicateWidgetId } from './duplicate-widget-id.js';
import { duplicatePageId } from './duplicate-page-id.js';
import { duplicateRoute } from './duplicate-route.js';
import { unknownCall } from './unknown-call.js';
import { requestFields } from './request-fields.js';
import { unknownReference } from './unknown-reference.js';
import { unknownField } from './unknown-field.js';
import { missingWidget } from './missing-widget.js';
import { unplacedWidget } from './unplaced-widget.js';
import { missingStates } from './missing-states.js';
import { unknownCopyBlock } from './unknown-copy-block.js';
import { vegaLite } from './vega-lite.js';
import { unknownPlaceholder } from './unknown-placeholder.js';
import { unknownTab } from './unknown-tab.js';

// The semantic rules, one per file. Adding a rule is adding its file and one line here.
export const RULES: readonly Rule[] = [
  duplicateKey,
  duplicateWidgetId,
  duplicatePageId,
  duplicateRoute,
  unknownCall,
  requestFields,
  unknownReference,
  unknownField,
  missingWidget,
  unplacedWidget,
  missingStates,
  unknownCopyBlock,
  vegaLite,
  unknownPlaceholder,
  unknownTab,
];

/** Rules that are not semantic rules but still have ids in the output. */
export const BUILTIN_RULES = [
  { id: 'json-syntax', description: 'The file is not valid JSON.' },
  { id: 'schema', description: 'The page does not match schemas/page.schema.json (with the widget kinds composed in).' },
  { id: 'kind-schema', description: 'A widget kind schema in schemas/widgets cannot be used.' },
  { id: 'api-catalogue', description: 'A file of the API call catalogue cannot be read.' },
  { id: 'internal', description: 'A lint rule failed on this input (a bug in the rule; please report it).' },
];
