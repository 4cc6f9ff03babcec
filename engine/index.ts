// The engine's public entry: what a host application and widget kinds may use. Everything else
// under engine/ is internal and may change without notice; widgets and the app import only from
// here (tests also from engine/testing).

// The host contract: what the engine needs from the application, and how it is supplied.
export type {
  CallInput,
  DataFetcher,
  DeriveOp,
  EngineHost,
  ErrorReporter,
  FetchOptions,
  HostScope,
  ListFilterKind,
  Option,
  PageRequirement,
  Vocabulary,
  WidgetConfigBase,
  WidgetKind,
  WidgetProps,
  WidgetRegistry,
} from './host/types';
export { EngineHostProvider, useEngineHost } from './host/EngineHostProvider';
export { labelIn, vocabularyOf } from './host/vocabulary';
export { createWidgetRegistry, defineWidgetKind, type WidgetKindDefinition } from './host/widgetRegistry';

// Pages: definitions, rendering, prefetch.
export type { CopyBlock, DataSpec, FilterControl, LayoutItem, LayoutRow, PageDefinition, WidgetConfig } from './runtime/types';
export { pagesFromModules } from './runtime/pages';
export { PageView } from './runtime/PageView';
export { prefetchPage } from './runtime/prefetch';
export { PageContext, usePageContext, type PageContextValue } from './runtime/PageContext';
export { WidgetHost, useTemplate } from './runtime/WidgetHost';
export { useCardStyles } from './runtime/cardStyles';
export { statesFor } from './runtime/states';
export { EmptyState, ErrorState } from './runtime/WidgetStates';

// Bindings, formats, transforms: what widget kinds compute with.
export { resolveBindings, resolveValue, type BindingContext } from './bindings/resolve';
export { fillPath, fillTemplate } from './format/template';
export { formatValue, exportValue, isNumericFormat, formatDate, formatRelative, EMPTY_VALUE, type FormatSpec } from './format/numbers';
export { intervalOf, sampleText, significanceOf, type IntervalBinding, type SignificanceBinding } from './format/stats';
export { runTransforms } from './transforms/run';
export { useWidgetData, type WidgetData } from './data/useWidgetData';
export { useServerPaging, type ServerPaging, type ServerPagingSpec, type PagingState } from './data/serverPaging';
export { compareBy, getPath, matches, type Condition, type Row, type Step } from './transforms/steps';

// Actions: buttons, row menus, confirmations.
export { ActionScope, useActionScope } from './actions/ActionScope';
export { ActionTrigger } from './actions/ActionTrigger';
export { allHold, type FieldCondition } from './actions/conditions';
export { useAction } from './actions/useAction';
export { NoticesProvider, useNotices, type Announce } from './actions/Notices';
export { isVisible } from './runtime/visibility';
export type { ActionSpec } from './actions/types';

// Exports (downloads).
export { useExports } from './export/useExports';
export { buildCsv, exportCsv } from './export/csv';
export { buildWorkbook, columnWidths, exportExcel } from './export/excel';
export { exportPng } from './export/png';
export { chartSvgText, exportSvg } from './export/svg';
export { EXPORT_MESSAGES, ExportError } from './export/errors';
export type { ExportColumn } from './export/tabular';

// Page format versions.
export { CURRENT_PAGE_VERSION, PAGE_MIGRATIONS, migratePage, type Migration } from './migrations';
export { exampleUrl, isWebsiteUrl } from './validation/websiteUrl';
