import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { tokens } from '@fluentui/react-components';
import type { Extension } from '@codemirror/state';

// The editor drawn with the app's Fluent tokens (CSS variables), so it follows light and dark mode
// without being rebuilt.

const base = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1 },
  '.cm-scroller': { fontFamily: tokens.fontFamilyMonospace, lineHeight: '1.5' },
  '.cm-content': { caretColor: tokens.colorNeutralForeground1 },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: tokens.colorNeutralForeground1 },
  '.cm-gutters': { backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground3, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  '.cm-activeLine': { backgroundColor: tokens.colorSubtleBackgroundHover },
  '.cm-activeLineGutter': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: `${tokens.colorBrandBackground2} !important` },
  '.cm-selectionMatch': { backgroundColor: tokens.colorNeutralBackground4 },
  '.cm-panels': { backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground1 },
  '.cm-panels input, .cm-panels button': { color: 'inherit' },
  '.cm-textfield': { backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}` },
  '.cm-tooltip': { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow8 },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  '.cm-tooltip-hover, .cm-tooltip-lint': { maxWidth: '480px', padding: '4px 8px' },
  '.cm-diagnostic-error': { borderLeftColor: tokens.colorPaletteRedBorder2 },
  '.cm-diagnostic-warning': { borderLeftColor: tokens.colorPaletteDarkOrangeBorder2 },
  '.cm-foldPlaceholder': { backgroundColor: tokens.colorNeutralBackground3, border: 'none', color: tokens.colorNeutralForeground2 },
  '.cm-changedLine': { backgroundColor: tokens.colorPaletteGreenBackground1 },
  '.cm-deletedChunk': { backgroundColor: tokens.colorPaletteRedBackground1 },
  '.cm-collapsedLines': { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2 },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: tokens.colorPaletteBlueForeground2 },
  { tag: tags.string, color: tokens.colorPaletteGreenForeground2 },
  { tag: tags.number, color: tokens.colorPaletteDarkOrangeForeground2 },
  { tag: [tags.bool, tags.null], color: tokens.colorPalettePurpleForeground2 },
  { tag: tags.invalid, color: tokens.colorPaletteRedForeground1 },
]);

export const studioEditorTheme: Extension = [base, syntaxHighlighting(highlight)];
