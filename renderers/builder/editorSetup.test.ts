import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree, foldEffect, foldable } from '@codemirror/language';
import { builderEditorSetup, foldMarkerLines, FOLD_MARKERS_DELAY_MS } from './editorSetup';

const TEXT = '{\n  "a": [\n    1\n  ],\n  "b": 2\n}';

function editor(doc = TEXT) {
  const view = new EditorView({
    parent: document.body.appendChild(document.createElement('div')),
    state: EditorState.create({ doc, extensions: [builderEditorSetup(), json()] }),
  });
  ensureSyntaxTree(view.state, view.state.doc.length, 5000);
  return view;
}

describe('the fold gutter computed after a pause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('marks the foldable lines, follows an edit at once and is exact again once typing pauses', () => {
    const view = editor();
    // the tree may have been parsed after the plugin was created: let the pause pass once
    vi.advanceTimersByTime(FOLD_MARKERS_DELAY_MS);
    view.dispatch({ effects: [] });
    expect(foldMarkerLines(view)).toEqual([
      { line: 1, open: true },
      { line: 2, open: true },
    ]);

    // a line inserted after the first: the markers move with their lines at once (no syntax tree asked per key) …
    view.dispatch({ changes: { from: 1, insert: '\n' } });
    expect(foldMarkerLines(view)).toEqual([
      { line: 1, open: true },
      { line: 3, open: true },
    ]);

    // … and a new foldable value is marked once the builder pauses
    const at = view.state.doc.toString().indexOf('"b": 2');
    view.dispatch({ changes: { from: at + 5, to: at + 6, insert: '{\n  "c": 3\n}' } });
    expect(foldMarkerLines(view).map((m) => m.line)).toEqual([1, 3]);
    vi.advanceTimersByTime(FOLD_MARKERS_DELAY_MS);
    expect(foldMarkerLines(view).map((m) => m.line)).toEqual([1, 3, 6]);
    view.destroy();
  });

  it('shows a folded line at once', () => {
    const view = editor();
    vi.advanceTimersByTime(FOLD_MARKERS_DELAY_MS);
    const line = view.state.doc.line(2);
    const range = foldable(view.state, line.from, line.to);
    expect(range).not.toBeNull();
    view.dispatch({ effects: foldEffect.of(range!) });
    expect(foldMarkerLines(view)).toContainEqual({ line: 2, open: false });
    view.destroy();
  });
});
