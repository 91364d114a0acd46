/** Driving the builders' editor from play functions and benchmarks: its text, its markers, its cursor. */
import { forEachDiagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { within } from 'storybook/test';
import { editorViewIn } from '../../renderers/builder/BuilderEditor';

export function editorView(canvas: HTMLElement, id: string): EditorView {
  const view = editorViewIn(within(canvas).getByTestId(`builder-editor-${id}`));
  if (!view) throw new Error(`no editor builder-editor-${id}`);
  return view;
}

/** Replaces the editor's text as a paste would (one change). */
export function setEditorText(canvas: HTMLElement, id: string, text: string) {
  const view = editorView(canvas, id);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.paste' });
}

export function editorText(canvas: HTMLElement, id: string): string {
  return editorView(canvas, id).state.doc.toString();
}

export interface Marker {
  from: number;
  to: number;
  line: number;
  message: string;
  severity: string;
}

/** The lint markers the editor shows now. */
export function editorMarkers(canvas: HTMLElement, id: string): Marker[] {
  const view = editorView(canvas, id);
  const out: Marker[] = [];
  forEachDiagnostic(view.state, (d, from, to) =>
    out.push({
      from,
      to,
      line: view.state.doc.lineAt(from).number,
      message: d.message,
      severity: d.severity,
    }),
  );
  return out;
}

/** The cursor (start of the main selection) and its line. */
export function editorCursor(canvas: HTMLElement, id: string): { pos: number; line: number } {
  const view = editorView(canvas, id);
  const pos = view.state.selection.main.from;
  return { pos, line: view.state.doc.lineAt(pos).number };
}
