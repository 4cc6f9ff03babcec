/* eslint-disable */
// Generated from schemas/ by `npm run gen:types` (engine/types/generate.ts). Do not edit by hand:
// change the schemas and regenerate; engine/types/page.generated.test.ts fails when this is stale.

/**
 * Any JSON value; an object with a '$'-key is a binding and must be a valid one.
 */
export type BindableValue =
  | Binding
  | (
      | string
      | number
      | boolean
      | null
      | BindableValue[]
      | {
          [k: string]: BindableValue;
        }
    );
export type Binding =
  FilterBinding | WindowBinding | ParamBinding | BrandBinding | UserBinding | RowBinding | RecordBinding;
export type TransformStep =
  | GetStep
  | FirstValueStep
  | ValuesStep
  | EntriesStep
  | UnnestStep
  | FilterStep
  | SortStep
  | LimitStep
  | GroupByStep
  | RenameStep
  | DeriveStep
  | PickStep
  | FlattenStep
  | CountStep;
/**
 * a field of the current rows; dotted paths reach nested fields
 */
export type DefsTransformsFieldName = string;
/**
 * the step applies only while this condition (or every one of the list) holds, e.g. {"subject": {"$filter": "promptPerformance"}, "op": "eq", "value": "top"}
 */
export type VisibleWhen = [VisibilityCondition, ...VisibilityCondition[]] | VisibilityCondition;
export type DeriveArg =
  | {
      field?: DefsTransformsFieldName;
    }
  | BindableValue;
export type Transform = TransformStep[];
export type FilterControl = TimeRangeControl | ProvidersControl | LocationsControl | ChoiceControl;
/**
 * the name {"$filter": id} binds to
 */
export type DefsFiltersControlId = string;
export type DefsFiltersTimePreset = '24h' | '7d' | '30d' | '90d';
export type ChoiceOption =
  | {
      value: string;
      label: string;
    }
  | string;
export type Widget =
  | ActionButtonWidget
  | CardFeedWidget
  | CardGridWidget
  | ChartWidget
  | ComparisonCardWidget
  | CountdownWidget
  | DialogWidget
  | FormWidget
  | HeaderWidget
  | LinkWidget
  | ListWidget
  | MetricCardWidget
  | RankedListWidget
  | SegmentedWidget
  | StatStripWidget
  | TableWidget
  | TextWidget
  | TreemapWidget;
/**
 * a copy block name, or inline {empty, error, loading?}; errors always render a Retry button
 */
export type WidgetStates = string | InlineStates;
/**
 * the widget renders only when the condition (or every condition of the list) holds
 */
export type VisibleWhen1 = [VisibilityCondition, ...VisibilityCondition[]] | VisibilityCondition;
export type Action = DefsActionsAction & DefsActionsAction1;
export type DefsActionsAction = {
  [k: string]: unknown;
};
export type DefsActionsFieldConditions = FieldCondition[] | FieldCondition;
/**
 * card heading; may use {name} placeholders from 'values'
 */
export type DefsWidgetCommonTitle = string;
export type DefsWidgetCommonDescription = string;
export type Format = FormatPreset | NumberFormat;
export type FormatPreset =
  | 'mentionRate'
  | 'mentionRate1'
  | 'rank'
  | 'sentiment'
  | 'share'
  | 'growth'
  | 'integer'
  | 'date'
  | 'datetime'
  | 'relative'
  | 'cron';
export type CardGridFooterWidget = SegmentedWidget | LinkWidget | TextWidget | ActionButtonWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget = SegmentedWidget | LinkWidget | TextWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget1 = SegmentedWidget | LinkWidget | TextWidget;
export type DialogContent = FormWidget | TextWidget | ListWidget | ActionButtonWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget2 = SegmentedWidget | LinkWidget | TextWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget3 = SegmentedWidget | LinkWidget | TextWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget4 = SegmentedWidget | LinkWidget | TextWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget5 = SegmentedWidget | LinkWidget | TextWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget6 = SegmentedWidget | LinkWidget | TextWidget;
/**
 * a frameless widget shown in the card's header (toolbar) or under it (footer): a segmented toggle, a link or text
 */
export type InlineWidget7 = SegmentedWidget | LinkWidget | TextWidget;
export type InlineActionButton = ActionButtonWidget & {
  type: 'actionButton';
} & {
  type: 'actionButton';
};
export type InlineActionButton1 = ActionButtonWidget & {
  type: 'actionButton';
} & {
  type: 'actionButton';
};
/**
 * Discriminated by its key: 'widget' places a widget, 'tabs' holds tabs.
 */
export type LayoutItem = TabsItem | WidgetItem;
/**
 * columns of 12 at >= 1024px
 */
export type DefsLayoutSpan = number;
export type Layout = LayoutRow[];

/**
 * One screen of Answerscope: filters, copy, widgets by id and a layout referencing them. Widget kinds are composed in from schemas/widgets/*.schema.json by engine/schema/compose.ts (definitions.widget is replaced by a 'type'-discriminated chain over the kinds).
 */
export interface Page {
  /**
   * format version; a change ships a migration in engine/migrations
   */
  version: 1;
  /**
   * unique across pages
   */
  id: string;
  /**
   * unique across pages; ':name' segments become {"$param": "name"}
   */
  route: string;
  /**
   * document title and default heading; may use {name} placeholders from 'values'
   */
  title: string;
  values?: BindableValueMap;
  breadcrumb?: BreadcrumbItem[];
  requires?: PageRequires;
  /**
   * false: the screen shows without the app shell's sidebar and top bar (a standalone view, e.g. to share or embed)
   */
  shell?: boolean;
  /**
   * A second route showing this same page (widgets, layout, record) as a standalone view, without the app shell; it uses the same ':name' segments as route
   */
  standaloneRoute?: string;
  record?: PageRecord;
  filters?: PageFilters;
  copy?: CopyBlocks;
  widgets: Widgets;
  layout: Layout;
}
export interface BindableValueMap {
  [k: string]: BindableValue;
}
/**
 * A filter's request value: providers/locations give null for all/global, else the list; a choice gives its value.
 */
export interface FilterBinding {
  /**
   * id of a control in the page's filters
   */
  $filter: string;
  /**
   * 'list' gives [] instead of null for all/global
   */
  as?: 'list';
  /**
   * lower-case list items
   */
  lowercase?: boolean;
}
export interface WindowBinding {
  /**
   * a value of the time window of the page's timeRange filter
   */
  $window: 'start' | 'end' | 'deltaStart' | 'deltaEnd' | 'interval' | 'promptInterval' | 'monthAgo' | 'days';
}
export interface ParamBinding {
  /**
   * a ':name' segment of the page's route
   */
  $param: string;
}
export interface BrandBinding {
  $brand: 'id' | 'name' | 'url' | 'lastPromptRun' | 'logoUrl';
}
export interface UserBinding {
  $user: 'id' | 'name' | 'email';
}
/**
 * Inside row/item templates (links, actions): a field of the current row.
 */
export interface RowBinding {
  $row: string;
}
/**
 * A field of the page's record (the page-level 'record' call, e.g. the prompt of the prompt detail page).
 */
export interface RecordBinding {
  $record: string;
}
export interface BreadcrumbItem {
  label: string;
  to?: string;
  /**
   * truncate the label (with …) after this many characters
   */
  maxLength?: number;
}
export interface PageRequires {
  /**
   * shows 'No Brand Selected' copy when no brand is selected
   */
  brand?: boolean;
}
/**
 * One record the whole page is about (a prompt by its route id): fetched before the widgets render; its fields are {"$record": "field"} bindings. A 404 shows 'notFound' copy instead of the page, other failures 'error' copy with Retry.
 */
export interface PageRecord {
  /**
   * id of a call in schemas/api/calls
   */
  call: string;
  body?: BindableValueMap;
  params?: BindableValueMap;
  query?: BindableValueMap;
  transform?: Transform;
  notFound: StateMessage;
  error: StateMessage1;
}
/**
 * property at a dotted path
 */
export interface GetStep {
  type: 'get';
  path: string;
}
/**
 * first value of a keyed object (or first item of a list)
 */
export interface FirstValueStep {
  type: 'firstValue';
}
/**
 * values of a keyed object as a list
 */
export interface ValuesStep {
  type: 'values';
}
/**
 * keyed object to a list of {keyAs: key, ...value}
 */
export interface EntriesStep {
  type: 'entries';
  keyAs: string;
}
/**
 * object of lists (at path, or the whole value) to one list, each item tagged with its key
 */
export interface UnnestStep {
  type: 'unnest';
  path?: string;
  keyAs: string;
}
/**
 * keep rows matching all conditions; with 'when', only while it holds (otherwise every row passes, e.g. a choice filter's 'all')
 */
export interface FilterStep {
  type: 'filter';
  /**
   * @minItems 1
   */
  where: [RowCondition, ...RowCondition[]];
  when?: VisibleWhen;
}
export interface RowCondition {
  field: DefsTransformsFieldName;
  /**
   * ieq: equal ignoring letter case
   */
  op: 'eq' | 'ieq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  value?: BindableValue;
}
export interface VisibilityCondition {
  subject: BindableValue;
  op: 'eq' | 'ieq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  value?: BindableValue;
}
/**
 * stable sort, nulls last
 */
export interface SortStep {
  type: 'sort';
  /**
   * @minItems 1
   */
  by: [SortKey, ...SortKey[]];
}
export interface SortKey {
  field: DefsTransformsFieldName;
  order?: 'asc' | 'desc';
  /**
   * values closer than this compare equal, so the next key decides
   */
  tolerance?: number;
}
/**
 * first N rows
 */
export interface LimitStep {
  type: 'limit';
  count: Binding | number;
}
/**
 * list to an object of lists keyed by the field's value
 */
export interface GroupByStep {
  type: 'groupBy';
  field: DefsTransformsFieldName;
}
/**
 * rename fields: {old: new}
 */
export interface RenameStep {
  type: 'rename';
  fields: {
    [k: string]: string;
  };
}
/**
 * add a field computed from args; an arg is {field} or a bindable literal
 */
export interface DeriveStep {
  type: 'derive';
  /**
   * the new field's name
   */
  field: string;
  /**
   * countryName: the English name of a country code (Global for global, the code when unknown)
   */
  op:
    | 'map'
    | 'multiply'
    | 'divide'
    | 'add'
    | 'subtract'
    | 'round'
    | 'abs'
    | 'coalesce'
    | 'concat'
    | 'truncate'
    | 'countryName';
  /**
   * @minItems 1
   */
  args: [DeriveArg, ...DeriveArg[]];
  /**
   * for op 'map': input value to output value
   */
  map?: {
    [k: string]: BindableValue;
  };
  default?: BindableValue;
  /**
   * for op 'round': decimals kept (default 0)
   */
  decimals?: number;
  /**
   * for op 'truncate': characters kept
   */
  length?: number;
  /**
   * for op 'concat': put between the parts (default none)
   */
  separator?: string;
}
/**
 * keep only these fields
 */
export interface PickStep {
  type: 'pick';
  /**
   * @minItems 1
   */
  fields: [DefsTransformsFieldName, ...DefsTransformsFieldName[]];
}
/**
 * one row per item of the nested list at path in each row; parentFields copies parent fields onto each item as {parentField: newName}
 */
export interface FlattenStep {
  type: 'flatten';
  path: DefsTransformsFieldName;
  parentFields?: {
    [k: string]: string;
  };
}
/**
 * list → one record of counts: each named count is the number of rows matching all its conditions (an empty list counts every row)
 */
export interface CountStep {
  type: 'count';
  counts: {
    [k: string]: RowCondition[];
  };
}
/**
 * copy when the call answers 404; {name} placeholders from the page's values
 */
export interface StateMessage {
  title: string;
  message?: string;
}
/**
 * copy for other failures; {message} is the error's message
 */
export interface StateMessage1 {
  title: string;
  message?: string;
}
export interface PageFilters {
  /**
   * localStorage key the values persist under
   */
  storageKey: string;
  controls: FilterControl[];
}
export interface TimeRangeControl {
  id: DefsFiltersControlId;
  type: 'timeRange';
  label?: string;
  /**
   * @minItems 1
   */
  presets: [DefsFiltersTimePreset, ...DefsFiltersTimePreset[]];
  /**
   * offer a custom date range
   */
  custom?: boolean;
  /**
   * a dropdown, or one button per option (segmented)
   */
  presentation?: 'dropdown' | 'segmented';
  default: DefsFiltersTimePreset;
  inBar?: boolean;
}
export interface ProvidersControl {
  id: DefsFiltersControlId;
  type: 'providers';
  label?: string;
  /**
   * ['all'] or provider ids
   */
  default?: string[];
  inBar?: boolean;
}
export interface LocationsControl {
  id: DefsFiltersControlId;
  type: 'locations';
  label?: string;
  /**
   * ['global'] or country codes
   */
  default?: string[];
  inBar?: boolean;
}
export interface ChoiceControl {
  id: DefsFiltersControlId;
  type: 'choice';
  label?: string;
  /**
   * @minItems 1
   */
  options: [ChoiceOption, ...ChoiceOption[]];
  default: string;
  /**
   * false: the value is set by a widget (a toggle), not the filter bar
   */
  inBar?: boolean;
}
/**
 * named copy blocks widgets reference by name
 */
export interface CopyBlocks {
  [k: string]: CopyBlock;
}
export interface CopyBlock {
  empty?: StateMessage2;
  error?: StateMessage2;
  loading?: string;
}
export interface StateMessage2 {
  title: string;
  message?: string;
}
export interface Widgets {
  [k: string]: Widget;
}
/**
 * A button that runs an action: opens a dialog widget, asks a confirmation, or calls a mutation and revalidates. With 'data', 'disabledWhen' tests fields of that data (e.g. a plan flag). In a table's bulk bar it sees the selection; in a row, the row.
 */
export interface ActionButtonWidget {
  type: 'actionButton';
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * {name} placeholders: the widget's values, then fields of its data when that is one record (e.g. a count step)
   */
  label: string;
  appearance?: 'primary' | 'secondary' | 'outline' | 'subtle' | 'transparent';
  icon?: 'add' | 'play' | 'stop' | 'edit';
  action: Action;
  /**
   * one condition or a list on the button's data; or {"some": [...]}: some row of the data matches them all ({"$row": ...} values read the row or card the button sits on)
   */
  disabledWhen?:
    | {
        /**
         * @minItems 1
         */
        some?: [FieldCondition, ...FieldCondition[]];
      }
    | DefsActionsFieldConditions;
  /**
   * label shown instead of 'label' while disabledWhen holds, e.g. 'Already Tracking...'
   */
  disabledLabel?: string;
  /**
   * shown on hover while disabled
   */
  disabledTooltip?: string;
  align?: 'start' | 'end';
  size?: 'small' | 'medium';
}
export interface DataBinding {
  /**
   * id of a call in schemas/api/calls
   */
  call: string;
  body?: BindableValueMap;
  params?: BindableValueMap;
  query?: BindableValueMap;
  transform?: Transform;
}
export interface InlineStates {
  empty: StateMessage2;
  error: StateMessage2;
  loading?: string;
}
/**
 * bindings filling {name} placeholders of display copy
 */
export interface TemplateValues {
  [k: string]: BindableValue;
}
export interface DefsActionsAction1 {
  /**
   * mutation call id in schemas/api/calls
   */
  call?: string;
  /**
   * request body; values may be bindings ({"$row": field} = the row or form values the action runs on)
   */
  body?: {};
  /**
   * path parameters, e.g. {"id": {"$row": "promptId"}}
   */
  params?: {};
  query?: {};
  /**
   * run the call once per selected table row, $row = that row
   */
  forEach?: 'selection';
  confirm?: ActionConfirm;
  /**
   * copy after success; {count} = rows affected, {field} = a field of the row it ran on
   */
  success?: string;
  /**
   * error copy by HTTP status ("429") or "default" (replaces the server's message); "fallback" only when the error carries no message; "missing": the call is not sent while a binding of its request has no value (e.g. no prompt id for the path), and this shows
   */
  errors?: {
    [k: string]: string;
  };
  /**
   * call ids whose data is refetched after success
   */
  revalidate?: string[];
  /**
   * reload the signed-in user's session data after success
   */
  refreshSession?: boolean;
  /**
   * id of a dialog widget of this page to open, $row = the row the action started on
   */
  dialog?: string;
  /**
   * route template to open (after the call when there is one); {field} is filled from the row, URL-encoded
   */
  navigate?: string;
  /**
   * switch a layout tab group (a tabs item with an id) to the tab with this label; after the call when there is one
   */
  tab?: {
    tabs: string;
    label: string;
  };
}
export interface ActionConfirm {
  title: string;
  /**
   * may use {count}
   */
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}
/**
 * a condition on a field of the widget's data (or of a row)
 */
export interface FieldCondition {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  op?: 'eq' | 'ieq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  value?: BindableValue;
}
/**
 * A feed of cards grouped by day (newest day first and open, Expand All / Collapse All), optionally one tab per key of a keyed answer (object of lists); each card shows a title, meta fields, a mapped badge, text cut at maxLength and chips from a nested list (up to max, then '+N more'); a click opens a details dialog. The list scrolls inside maxHeight.
 */
export interface CardFeedWidget {
  type: 'cardFeed';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * the data is an object of lists: one tab per key, in the answer's order (empty lists keep their tab)
   */
  tabs?: {
    /**
     * show the keys as names
     */
    labels?: 'countries' | 'providers';
  };
  /**
   * group cards by the UTC day of this date field; newest day first, newest card first
   */
  groupBy: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
  };
  expandAllLabel?: string;
  collapseAllLabel?: string;
  /**
   * px; the list scrolls beyond it
   */
  maxHeight?: number;
  tabEmpty?: StateMessage3;
  card: {
    title?: FeedField;
    meta?: FeedField1[];
    badge?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      map: {
        [k: string]: {
          label: string;
          color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
        };
      };
      default?: {
        label: string;
        color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
      };
    };
    text?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      maxLength?: number;
    };
    chips?: {
      /**
       * a field of the widget's rows (dotted path allowed); a list
       */
      field: string;
      /**
       * the field of each list item shown on its chip
       */
      label?: string;
      max?: number;
      /**
       * copy of the overflow chip; {count} = items not shown (default '+{count} more')
       */
      more?: string;
    };
  };
  /**
   * the dialog a card opens
   */
  detail?: {
    /**
     * {field} placeholders from the card's row (fields with labels read as names)
     */
    title: string;
    closeLabel?: string;
    fields?: FeedField2[];
    text?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
    };
    /**
     * a nested list shown as links
     */
    links?: {
      /**
       * a field of the widget's rows (dotted path allowed); a list
       */
      field: string;
      href: string;
      label?: string;
    };
  };
}
/**
 * copy for a tab without cards
 */
export interface StateMessage3 {
  title: string;
  message?: string;
}
export interface FeedField {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  label?: string;
  format?: Format;
  /**
   * show codes as names
   */
  labels?: 'countries' | 'providers';
}
export interface NumberFormat {
  type: 'number' | 'percent' | 'signed';
  decimals?: number;
  /**
   * text after the number, e.g. "/10" for a score out of 10
   */
  suffix?: string;
}
export interface FeedField1 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  label?: string;
  format?: Format;
  /**
   * show codes as names
   */
  labels?: 'countries' | 'providers';
}
export interface FeedField2 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  label?: string;
  format?: Format;
  /**
   * show codes as names
   */
  labels?: 'countries' | 'providers';
}
/**
 * A grid of small cards, one per row: a title field, an optional subtitle (text or mapped label), badges mapped from field values (labels may use {name} placeholders) and labelled, formatted fields, a bullet list of the non-empty values of some fields (e.g. suggestions, at most 'max') and inline action buttons acting on the card's row.
 */
export interface CardGridWidget {
  type: 'cardGrid';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * narrowest card in px before the grid wraps (default 240)
   */
  minCardWidth?: number;
  /**
   * px; taller grids scroll inside the card
   */
  maxHeight?: number;
  card: {
    title: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      /**
       * cut the text (with …) after this many characters
       */
      maxLength?: number;
    };
    subtitle?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      badge?: {
        /**
         * value → label and colour
         */
        map: {
          [k: string]: {
            /**
             * may hold {name} placeholders from values
             */
            label: string;
            color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
          };
        };
        default?: {
          /**
           * may hold {name} placeholders from values
           */
          label: string;
          color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
        };
      };
    };
    badges?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      /**
       * value → label and colour
       */
      map: {
        [k: string]: {
          /**
           * may hold {name} placeholders from values
           */
          label: string;
          color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
        };
      };
      default?: {
        /**
         * may hold {name} placeholders from values
         */
        label: string;
        color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
      };
    }[];
    fields?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      label: string;
      format?: Format;
    }[];
    /**
     * a bullet list of the non-empty values of these fields, in order
     */
    list?: {
      /**
       * heading above the list; may hold {name} placeholders from values
       */
      label?: string;
      /**
       * @minItems 1
       *
       * Items: a field of the widget's rows (dotted path allowed)
       */
      fields: [string, ...string[]];
      max?: number;
    };
    /**
     * inline actionButton widgets shown on each card; their actions and {"$row": ...} bindings see the card's row
     */
    actions?: ActionButtonWidget[];
  };
  /**
   * an Export menu over the grid writing the cards' rows as a table
   */
  export?: {
    /**
     * @minItems 1
     */
    formats: ['csv' | 'excel', ...('csv' | 'excel')[]];
    filename?: string;
    /**
     * @minItems 1
     */
    columns: [
      {
        /**
         * a field of the widget's rows (dotted path allowed)
         */
        field: string;
        header: string;
        format?: Format;
        /**
         * value → label and colour
         */
        badge?: {
          map: {
            [k: string]: {
              label: string;
              color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
            };
          };
          default?: {
            label: string;
            color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
          };
        };
      },
      ...{
        /**
         * a field of the widget's rows (dotted path allowed)
         */
        field: string;
        header: string;
        format?: Format;
        /**
         * value → label and colour
         */
        badge?: {
          map: {
            [k: string]: {
              label: string;
              color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
            };
          };
          default?: {
            label: string;
            color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
          };
        };
      }[]
    ];
  };
  /**
   * frameless widgets under the card whatever its data state: a segmented toggle, a link, text or an action button (e.g. 'View All Emerging Threats (N)')
   */
  footer?: CardGridFooterWidget[];
}
/**
 * A toggle bound to a page filter (a choice control, usually with inBar false).
 */
export interface SegmentedWidget {
  type: 'segmented';
  title?: DefsWidgetCommonTitle;
  visibleWhen?: VisibleWhen1;
  /**
   * accessible name of the group
   */
  label?: string;
  /**
   * id of a filter control
   */
  filter: string;
  /**
   * @minItems 2
   */
  options: [
    {
      value: string;
      label: string;
    },
    {
      value: string;
      label: string;
    },
    ...{
      value: string;
      label: string;
    }[]
  ];
}
/**
 * An in-app link.
 */
export interface LinkWidget {
  type: 'link';
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  label: string;
  to: string;
}
/**
 * Display copy with {name} placeholders from 'values'.
 */
export interface TextWidget {
  type: 'text';
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * formats applied to 'values' before they fill {name} placeholders
   */
  formats?: {
    [k: string]: Format;
  };
  text: string;
  variant?: 'body' | 'caption' | 'subtitle';
}
/**
 * A Vega-Lite chart over the widget's rows (data is fed by name, width follows the card); series lines toggle through the legend or a dropdown; csv/png download.
 */
export interface ChartWidget {
  type: 'chart';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  toolbar?: InlineWidget[];
  footer?: InlineWidget1[];
  /**
   * a Vega-Lite spec without data
   */
  spec: {};
  height?: number;
  /**
   * one line per value of field; own (usually {"$brand": "name"}) is drawn 3 wide
   */
  series?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    own?: BindableValue;
    picker?: boolean;
  };
  download?: ('csv' | 'png')[];
  exportColumns?: Column[];
  filename?: string;
}
export interface Column {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  header: string;
  format?: Format;
  /**
   * value → label and colour
   */
  badge?: {
    map: {
      [k: string]: {
        label: string;
        color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
      };
    };
    default?: {
      label: string;
      color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
    };
  };
  sortable?: boolean;
  align?: 'start' | 'end';
  width?: string;
  /**
   * cut the text (with …) after this many characters
   */
  maxLength?: number;
}
/**
 * Two values side by side (yours vs theirs) with a badge chosen by a rule over the data: 'when' conditions all hold → 'then', otherwise 'else'.
 */
export interface ComparisonCardWidget {
  type: 'comparisonCard';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  yours: {
    /**
     * a field of the widget's data (dotted path allowed)
     */
    field: string;
    /**
     * caption above the value; may hold {name} placeholders
     */
    label?: string;
    format?: Format;
  };
  theirs?: {
    /**
     * a field of the widget's data (dotted path allowed)
     */
    field: string;
    /**
     * caption above the value; may hold {name} placeholders
     */
    label?: string;
    format?: Format;
  };
  badge?: {
    /**
     * @minItems 1
     */
    when: [RuleCondition, ...RuleCondition[]];
    then: {
      /**
       * may hold {name} placeholders from values
       */
      label: string;
      color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
    };
    else: {
      /**
       * may hold {name} placeholders from values
       */
      label: string;
      color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
    };
  };
}
export interface RuleCondition {
  /**
   * a field of the widget's data (dotted path allowed)
   */
  field: string;
  op?: 'eq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  /**
   * a literal, or {"field": ...} to compare with another field of the same data
   */
  value?:
    | {
        /**
         * a field of the widget's data (dotted path allowed)
         */
        field: string;
      }
    | (string | number | boolean | null | unknown[]);
}
/**
 * A badge counting down to the next midnight UTC (the daily insights run); 'label' then the time left (5h 23m); under 'soonUnderMinutes' it shows 'soonText'.
 */
export interface CountdownWidget {
  type: 'countdown';
  visibleWhen?: VisibleWhen1;
  /**
   * copy before the time left, e.g. 'Next insights in' → 'Next insights in 5h 23m'
   */
  label: string;
  soonText: string;
  soonUnderMinutes?: number;
}
/**
 * A modal dialog opened by an action ({"dialog": "<this id>"}); holds inline widgets (a form, text, a list, action buttons). It cannot be closed while its form submits or one of its buttons' calls runs; a button's successful call closes it. '$row' inside it is the row the action started on.
 */
export interface DialogWidget {
  type: 'dialog';
  title: DefsWidgetCommonTitle;
  values?: TemplateValues;
  size?: 'medium' | 'large';
  /**
   * a Close button under the content (forms bring their own Cancel)
   */
  closeLabel?: string;
  /**
   * @minItems 1
   */
  content: [DialogContent, ...DialogContent[]];
}
/**
 * A form rendered by rjsf from an inline JSON Schema and uiSchema; submit runs an action whose $row is the opened row overlaid with the form values. The submit button is disabled while the values do not validate or the action runs. Usually placed in a dialog's content.
 */
export interface FormWidget {
  type: 'form';
  title?: DefsWidgetCommonTitle;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * JSON Schema (draft-07) of the form values; a property may name an option list with "x-options": "countries" | "providers"
   */
  schema: {
    type: 'object';
    properties: {};
  };
  /**
   * rjsf uiSchema; "ui:widget": "counterTextarea" shows length/maxLength
   */
  uiSchema?: {};
  /**
   * starting values; {"$row": field} reads the row the dialog was opened with
   */
  initial?: {
    [k: string]: BindableValue;
  };
  /**
   * per field, raw starting value → form value ("default" for anything else), e.g. a cron expression → daily
   */
  valueMaps?: {
    [k: string]: {
      [k: string]: string;
    };
  };
  /**
   * fields whose starting values are upper-cased (country codes)
   */
  upperCase?: string[];
  submit: Action;
  submitLabel: string;
  cancelLabel?: string;
}
/**
 * A list of the widget's rows: a text field, an optional secondary line ({field} placeholders), at most 'limit' items, and an optional per-item action ($row = the item).
 */
export interface ListWidget {
  type: 'list';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  text: string;
  secondary?: string;
  limit?: number;
  itemAction?: {
    label: string;
    appearance?: 'primary' | 'secondary' | 'outline' | 'subtle';
    icon?: 'add' | 'play' | 'stop' | 'edit';
    action: Action;
  };
}
/**
 * Page heading with the selected brand's logo (initials fallback) and name, a subtitle, an optional status badge and a line of facts. Leading header rows sit above the filter bar.
 */
export interface HeaderWidget {
  type: 'header';
  title: DefsWidgetCommonTitle;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * formats applied to 'values' before they fill {name} placeholders
   */
  formats?: {
    [k: string]: Format;
  };
  brand?: boolean;
  subtitle?: string;
  /**
   * a status badge beside the title: the bound value looked up in 'map' (label and colour), 'default' for anything else
   */
  badge?: {
    value: BindableValue;
    map: {
      [k: string]: {
        label: string;
        color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
      };
    };
    default?: {
      label: string;
      color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
    };
  };
  /**
   * label/value pairs shown under the title; 'value' is copy with {name} placeholders from 'values' (after 'formats')
   *
   * @minItems 1
   */
  facts?: [
    {
      label: string;
      value: string;
    },
    ...{
      label: string;
      value: string;
    }[]
  ];
}
/**
 * One number with its change against the delta window (green up, red down, grey flat); optional band message such as the sentiment card's.
 */
export interface MetricCardWidget {
  type: 'metricCard';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  toolbar?: InlineWidget2[];
  footer?: InlineWidget3[];
  value: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    format?: Format;
  };
  delta?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    format?: Format;
    /**
     * lower is better (ranks): flips the colours
     */
    invert?: boolean;
    label?: string;
  };
  caption?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    format?: Format;
    label: string;
  };
  message?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    /**
     * high to low; the first band whose min the value reaches; the last may omit min. Default: the overview sentiment bands
     *
     * @minItems 1
     */
    bands?: [
      {
        min?: number;
        label: string;
      },
      ...{
        min?: number;
        label: string;
      }[]
    ];
    trend?: {
      /**
       * a field of the widget's rows (dotted path allowed)
       */
      field: string;
      up?: number;
      down?: number;
      words?: {
        up?: string;
        down?: string;
        flat?: string;
      };
    };
  };
}
/**
 * Numbered list with a value, an optional share bar and secondary values (Source Breakdown, providers).
 */
export interface RankedListWidget {
  type: 'rankedList';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  toolbar?: InlineWidget4[];
  footer?: InlineWidget5[];
  label: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
  };
  value: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    format?: Format;
  };
  bar?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    max?: number;
  };
  secondary?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    format?: Format;
    label?: string;
  }[];
  export?: {
    /**
     * @minItems 1
     */
    formats: ['csv' | 'excel', ...('csv' | 'excel')[]];
    filename?: string;
    columns?: Column1[];
  };
}
export interface Column1 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  header: string;
  format?: Format;
  /**
   * value → label and colour
   */
  badge?: {
    map: {
      [k: string]: {
        label: string;
        color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
      };
    };
    default?: {
      label: string;
      color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
    };
  };
  sortable?: boolean;
  align?: 'start' | 'end';
  width?: string;
  /**
   * cut the text (with …) after this many characters
   */
  maxLength?: number;
}
/**
 * A strip of small facts read from one record (after transforms), each with a label, a format, an optional caption and an optional alert badge shown only when its conditions hold.
 */
export interface StatStripWidget {
  type: 'statStrip';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data: DataBinding;
  states: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  /**
   * @minItems 1
   */
  items: [StatItem, ...StatItem[]];
}
export interface StatItem {
  label: string;
  /**
   * a field of the widget's record (dotted path allowed)
   */
  field: string;
  format?: Format;
  /**
   * show codes as names (openai → Chat GPT)
   */
  labels?: 'providers' | 'countries';
  /**
   * may use {field} placeholders of the record
   */
  caption?: string;
  alert?: {
    when: DefsActionsFieldConditions;
    text: string;
    color?: 'danger' | 'warning' | 'informative' | 'success';
  };
}
/**
 * Sortable table: columns with formats and badges, an optional row link that can skip rows, csv/excel export; tabs with counters, row selection with bulk actions, row actions, list cells.
 */
export interface TableWidget {
  type: 'table';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  toolbar?: InlineWidget6[];
  footer?: InlineWidget7[];
  /**
   * @minItems 1
   */
  columns: [Column2, ...Column2[]];
  defaultSort?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    order: 'asc' | 'desc';
  };
  rowLink?: {
    /**
     * route template; {field} is filled from the row, URL-encoded
     */
    to: string;
    unless?: RowCondition1[] | RowCondition2;
  };
  export?: {
    /**
     * @minItems 1
     */
    formats: ['csv' | 'excel', ...('csv' | 'excel')[]];
    filename?: string;
  };
  /**
   * tabs over the rows, each 'Label (count)'; a tab keeps rows matching all of 'where' (none: every row)
   *
   * @minItems 1
   */
  tabs?: [TableTab, ...TableTab[]];
  /**
   * a checkbox column keyed by a row field, with a select-all (indeterminate when some rows are selected); only rows of the current tab count
   */
  selection?: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    key: string;
    /**
     * accessible name of the select-all checkbox
     */
    label?: string;
  };
  /**
   * inline actionButtons acting on the selected rows (needs 'selection')
   *
   * @minItems 1
   */
  bulkActions?: [InlineActionButton, ...InlineActionButton[]];
  /**
   * a last column of inline actionButtons, each acting on its row; with 'menu' they open from one '…' button per row (a row menu). An actionButton's visibleWhen may test the row with {"$row": field}
   */
  rowActions?: {
    header?: string;
    width?: string;
    /**
     * show the actions in a row menu; this copy (with {field} placeholders from the row) names its button
     */
    menu?: string;
    /**
     * @minItems 1
     */
    widgets: [InlineActionButton1, ...InlineActionButton1[]];
  };
  /**
   * a search box keeping rows where any of 'fields' contains the text (case- and accent-insensitive)
   */
  search?: {
    /**
     * @minItems 1
     *
     * Items: a field of the widget's rows (dotted path allowed)
     */
    fields: [string, ...string[]];
    /**
     * placeholder and accessible name; default 'Search'
     */
    placeholder?: string;
  };
  /**
   * pages of 'pageSize' rows; the page list shows every page up to 7, otherwise ellipses around the current page
   */
  pagination?: {
    pageSize: number;
  };
}
export interface Column2 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  header: string;
  format?: Format;
  /**
   * value → label and colour
   */
  badge?: {
    map: {
      [k: string]: {
        label: string;
        color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
      };
    };
    default?: {
      label: string;
      color?: 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';
    };
  };
  sortable?: boolean;
  align?: 'start' | 'end';
  width?: string;
  /**
   * cut the text (with …) after this many characters
   */
  maxLength?: number;
  /**
   * a second, muted line under the value; {name} placeholders are fields of the row, e.g. '{coMentions} co-mentions'
   */
  secondary?: string;
  /**
   * a list value: up to 'max' names, then +N
   */
  list?: {
    max?: number;
    labels?: 'countries' | 'providers';
    separator?: string;
  };
}
export interface RowCondition1 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  op?: 'eq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  value?: BindableValue;
}
export interface RowCondition2 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  op?: 'eq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  value?: BindableValue;
}
export interface TableTab {
  label: string;
  where?: RowCondition3[];
}
export interface RowCondition3 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  op?: 'eq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
  value?: BindableValue;
}
/**
 * A treemap (squarified) of how many rows share each value of a field, largest first; empty values count under emptyLabel. A tile click opens a dialog listing that tile's rows: a title (or fallback), subtitle, URL cut at maxLength, meta fields and an Open link.
 */
export interface TreemapWidget {
  type: 'treemap';
  title?: DefsWidgetCommonTitle;
  description?: DefsWidgetCommonDescription;
  data?: DataBinding;
  states?: WidgetStates;
  values?: TemplateValues;
  visibleWhen?: VisibleWhen1;
  group: {
    /**
     * a field of the widget's rows (dotted path allowed)
     */
    field: string;
    emptyLabel?: string;
  };
  height?: number;
  /**
   * a tile's accessible name; {name} and {count} (default '{name}: {count}')
   */
  tileLabel?: string;
  detail?: {
    /**
     * {name} = the tile's value, {count} = its rows
     */
    title: string;
    closeLabel?: string;
    item: {
      title: {
        /**
         * a field of the widget's rows (dotted path allowed)
         */
        field: string;
        /**
         * shown when the field is empty
         */
        empty?: string;
      };
      subtitle?: {
        /**
         * a field of the widget's rows (dotted path allowed)
         */
        field: string;
        /**
         * shown when the field is empty
         */
        empty?: string;
      };
      url?: {
        /**
         * a field of the widget's rows (dotted path allowed)
         */
        field: string;
        maxLength?: number;
      };
      meta?: FeedField3[];
      /**
       * an Open button linking to this field (a URL), in a new tab
       */
      open?: {
        /**
         * a field of the widget's rows (dotted path allowed)
         */
        field: string;
        label?: string;
      };
    };
  };
}
export interface FeedField3 {
  /**
   * a field of the widget's rows (dotted path allowed)
   */
  field: string;
  label?: string;
  format?: Format;
  /**
   * show codes as names
   */
  labels?: 'countries' | 'providers';
}
export interface LayoutRow {
  title?: string;
  /**
   * @minItems 1
   */
  items: [LayoutItem, ...LayoutItem[]];
}
export interface TabsItem {
  /**
   * names the tab group so an action ({"tab": {"tabs": id, "label": ...}}) can switch it
   */
  id?: string;
  span?: DefsLayoutSpan;
  /**
   * @minItems 1
   */
  tabs: [Tab, ...Tab[]];
}
export interface Tab {
  label: string;
  layout: Layout;
}
export interface WidgetItem {
  /**
   * id of a widget in the page's widgets
   */
  widget: string;
  span?: DefsLayoutSpan;
}
