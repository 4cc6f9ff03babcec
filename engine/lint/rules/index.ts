import type { Rule } from '../context';
import { duplicateKey } from './duplicateKey';
import { duplicateWidgetId } from './duplicateWidgetId';
import { duplicatePageId } from './duplicatePageId';
import { duplicateRoute } from './duplicateRoute';
import { unknownCall } from './unknownCall';
import { requestFields } from './requestFields';
import { unknownReference } from './unknownReference';
import { unknownField } from './unknownField';
import { missingWidget } from './missingWidget';
import { unplacedWidget } from './unplacedWidget';
import { missingStates } from './missingStates';
import { unknownCopyBlock } from './unknownCopyBlock';
import { vegaLite } from './vegaLite';
import { chartTextAlternative } from './chartTextAlternative';
import { unknownPlaceholder } from './unknownPlaceholder';
import { unknownTab } from './unknownTab';
import { toggleListRow } from './toggleListRow';
import { wizardReferences } from './wizardReferences';
import { shellRoute } from './shellRoute';
import { lockedUntitled } from './lockedUntitled';
import { responsePath } from './responsePath';
import { answerFields } from './answerFields';
import { numericAlign } from './numericAlign';
import { statsBinding } from './statsBinding';
import { pagingDeclaration } from './pagingDeclaration';

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
  chartTextAlternative,
  unknownPlaceholder,
  unknownTab,
  toggleListRow,
  shellRoute,
  lockedUntitled,
  responsePath,
  answerFields,
  wizardReferences,
  numericAlign,
  statsBinding,
  pagingDeclaration,
];

/** Rules that are not semantic rules but still have ids in the output. */
export const BUILTIN_RULES = [
  { id: 'json-syntax', description: 'The file is not valid JSON.' },
  { id: 'schema', description: 'The page does not match schemas/page.schema.json (with the widget kinds composed in).' },
  { id: 'outdated-version', description: "The page is in an older format version; 'lint:pages -- --fix' migrates the file." },
  { id: 'kind-schema', description: 'A widget kind schema in schemas/widgets cannot be used.' },
  { id: 'api-catalogue', description: 'A file of the API call catalogue cannot be read.' },
  { id: 'internal', description: 'A lint rule failed on this input (a bug in the rule; please report it).' },
];
