/**
 * The builders' editor's extensions: CodeMirror's `basicSetup` slimmed for a 19,000-line JSON document, so that a
 * keystroke costs as little of CodeMirror's own work as possible (docs/builder-speed.md):
 * - the fold gutter's markers are mapped through an edit and computed again only once the typing pauses (CodeMirror's
 *   `foldGutter` asks the syntax tree about every visible line on every keystroke and on every step of the background
 *   parse); folding, unfolding and scrolling update them at once;
 * - the browser's own caret and selection (no `drawSelection`: its cursor layer is measured, a forced layout, on every
 *   update), so no multiple selections or rectangular selection;
 * - long lines wrap: a key at the end of a line wider than the editor scrolled it sideways, and every scroll event
 *   made CodeMirror flush and measure the view again synchronously.
 * Kept: line numbers, the active line (text and gutter), special characters, undo history, re-indentation on input,
 * syntax colours, bracket matching and closing, the drop cursor, highlighting of the selected text's other occurrences, every key
 * binding of `basicSetup` (search, go to line, folding, completion, lint).
 */
import {
  dropCursor,
  EditorView,
  gutter,
  GutterMarker,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { RangeSet, RangeSetBuilder, StateEffect, type EditorState, type Extension } from '@codemirror/state';
import {
  bracketMatching,
  codeFolding,
  defaultHighlightStyle,
  foldable,
  foldedRanges,
  foldEffect,
  foldKeymap,
  indentOnInput,
  language,
  syntaxHighlighting,
  syntaxTree,
  unfoldEffect,
} from '@codemirror/language';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { lintKeymap } from '@codemirror/lint';

/** The pause after the last edit (or step of the background parse) before the fold markers are computed again. */
export const FOLD_MARKERS_DELAY_MS = 300;

class FoldMarker extends GutterMarker {
  constructor(readonly open: boolean) {
    super();
  }
  override eq(other: FoldMarker) {
    return this.open === other.open;
  }
  override toDOM(view: EditorView) {
    const span = document.createElement('span');
    span.textContent = this.open ? '⌄' : '›';
    span.title = view.state.phrase(this.open ? 'Fold line' : 'Unfold line');
    return span;
  }
}
const canFold = new FoldMarker(true);
const canUnfold = new FoldMarker(false);

/** The folded range starting on the line `from`–`to`, if any. */
function foldedAt(state: EditorState, from: number, to: number): { from: number; to: number } | null {
  let found: { from: number; to: number } | null = null;
  foldedRanges(state).between(from, to, (a, b) => {
    if (!found || found.from > a) found = { from: a, to: b };
  });
  return found;
}

/** Asks the view to draw the gutter again once the markers have been computed after a pause. */
const foldMarkersReady = StateEffect.define<null>();

export const lazyFoldMarkers = ViewPlugin.fromClass(
  class {
    markers: RangeSet<GutterMarker>;
    private timer: ReturnType<typeof setTimeout> | undefined;
    constructor(readonly view: EditorView) {
      this.markers = this.build();
    }
    update(update: ViewUpdate) {
      const folds = foldedRanges(update.startState) !== foldedRanges(update.state);
      const languageChanged = update.startState.facet(language) !== update.state.facet(language);
      if (folds || languageChanged || (update.viewportChanged && !update.docChanged)) {
        this.cancel();
        this.markers = this.build();
        return;
      }
      const treeChanged = syntaxTree(update.startState) !== syntaxTree(update.state);
      if (!update.docChanged && !treeChanged) return;
      if (update.docChanged) this.markers = this.markers.map(update.changes);
      this.cancel();
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.markers = this.build();
        this.view.dispatch({ effects: foldMarkersReady.of(null) });
      }, FOLD_MARKERS_DELAY_MS);
    }
    build(): RangeSet<GutterMarker> {
      const { state } = this.view;
      const builder = new RangeSetBuilder<GutterMarker>();
      for (const line of this.view.viewportLineBlocks) {
        const mark = foldedAt(state, line.from, line.to)
          ? canUnfold
          : foldable(state, line.from, line.to)
            ? canFold
            : null;
        if (mark) builder.add(line.from, line.from, mark);
      }
      return builder.finish();
    }
    cancel() {
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
    }
    destroy() {
      this.cancel();
    }
  },
);

/** The lines (1-based) with a fold marker now: `open` foldable, `closed` folded (tests). */
export function foldMarkerLines(view: EditorView): { line: number; open: boolean }[] {
  const out: { line: number; open: boolean }[] = [];
  const markers = view.plugin(lazyFoldMarkers)?.markers ?? RangeSet.empty;
  markers.between(0, view.state.doc.length, (from, _to, marker) => {
    out.push({ line: view.state.doc.lineAt(from).number, open: (marker as FoldMarker).open });
  });
  return out;
}

/** `foldGutter()` of @codemirror/language with markers computed after a pause (above); clicks are exact. */
function lazyFoldGutter(): Extension {
  return [
    lazyFoldMarkers,
    gutter({
      class: 'cm-foldGutter',
      markers: (view) => view.plugin(lazyFoldMarkers)?.markers ?? RangeSet.empty,
      initialSpacer: () => canUnfold,
      domEventHandlers: {
        click(view, line) {
          const folded = foldedAt(view.state, line.from, line.to);
          if (folded) {
            view.dispatch({ effects: unfoldEffect.of(folded) });
            return true;
          }
          const range = foldable(view.state, line.from, line.to);
          if (range) {
            view.dispatch({ effects: foldEffect.of(range) });
            return true;
          }
          return false;
        },
      },
    }),
    codeFolding(),
    EditorView.baseTheme({ '.cm-foldGutter span': { padding: '0 1px', cursor: 'pointer' } }),
  ];
}

export function builderEditorSetup(): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    lazyFoldGutter(),
    dropCursor(),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    EditorView.lineWrapping,
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
    ]),
  ];
}
