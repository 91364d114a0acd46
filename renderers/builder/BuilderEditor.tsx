/**
 * The builders' JSON editor (CodeMirror 6): line numbers, folding, bracket matching and closing, search, undo, the
 * engine's problems as lint markers at their exact place (gutter and underline), completion of field types, code
 * lists and rule variables. Uncontrolled: the text lives in the editor; a keystroke costs the editor's own work only
 * (`onChange` hands a reader of the text, read when the caller's debounce decides to check).
 */
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import Box from '@mui/material/Box';
import { useIntl, type IntlShape } from '../intl';
import { autocompletion } from '@codemirror/autocomplete';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { builderCompletionSource, type BuilderCompletions } from './builderCompletion';
import { builderEditorSetup } from './editorSetup';
import type { EditorProblem } from './problemRanges';

/** What the page does with the editor. */
export interface BuilderEditorHandle {
  /** The text now. */
  text(): string;
  /** Replaces the whole text (another schema opened, the example restored): one undoable change. */
  setText(text: string): void;
  /** Puts the cursor at `from` (selecting to `to`), scrolls it into the middle and focuses the editor. */
  reveal(from: number, to?: number): void;
}

export interface BuilderEditorProps {
  /** `data-testid` is `builder-editor-<id>`. */
  id: string;
  /** The editor's accessible name. */
  label: string;
  /** The text the editor starts with (later texts: handle.setText). */
  initialText: string;
  /** After every change of the text (cheap: read the text only when needed; its length is known without reading). */
  onChange(readText: () => string, length: number): void;
  /** The problems of `problemsText`; shown only while the editor holds that text (a newer check is on its way). */
  problems: readonly EditorProblem[];
  problemsText: string | null;
  completions?: () => BuilderCompletions;
  /** CSS height of the editor (it scrolls inside). */
  height?: string;
  handleRef?: Ref<BuilderEditorHandle>;
}

/** CodeMirror's own texts in the UI language (search panel, folding, lint panel, go to line). */
function phrases(intl: IntlShape): Record<string, string> {
  return {
    Find: intl.formatMessage({ id: 'builder.cm.find' }),
    Replace: intl.formatMessage({ id: 'builder.cm.replace' }),
    next: intl.formatMessage({ id: 'builder.cm.next' }),
    previous: intl.formatMessage({ id: 'builder.cm.previous' }),
    all: intl.formatMessage({ id: 'builder.cm.all' }),
    'match case': intl.formatMessage({ id: 'builder.cm.matchCase' }),
    regexp: intl.formatMessage({ id: 'builder.cm.regexp' }),
    'by word': intl.formatMessage({ id: 'builder.cm.byWord' }),
    replace: intl.formatMessage({ id: 'builder.cm.replaceOne' }),
    'replace all': intl.formatMessage({ id: 'builder.cm.replaceAll' }),
    close: intl.formatMessage({ id: 'builder.cm.close' }),
    'Go to line': intl.formatMessage({ id: 'builder.cm.goToLine' }),
    go: intl.formatMessage({ id: 'builder.cm.go' }),
    'Fold line': intl.formatMessage({ id: 'builder.cm.foldLine' }),
    'Unfold line': intl.formatMessage({ id: 'builder.cm.unfoldLine' }),
    'folded code': intl.formatMessage({ id: 'builder.cm.foldedCode' }),
    unfold: intl.formatMessage({ id: 'builder.cm.unfold' }),
    Diagnostics: intl.formatMessage({ id: 'builder.cm.diagnostics' }),
    'No diagnostics': intl.formatMessage({ id: 'builder.cm.noDiagnostics' }),
  };
}

const editorTheme = EditorView.theme({
  '&': { fontSize: '12px', border: '1px solid rgba(0,0,0,0.23)', borderRadius: '4px' },
  '&.cm-focused': { outline: '2px solid #1976d2', outlineOffset: '-1px' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    overflow: 'auto',
    // its size is the editor's (height: 100%), never its content's: a keystroke's style, layout and paint stay inside
    // it instead of invalidating the page around it (the preview of 1,000 items)
    contain: 'strict',
    // its own compositing layer: a keystroke repaints the editor's few visible lines, not the page's one layer (which
    // holds the preview of 1,000 items, its whole display list converted and committed again on every key)
    willChange: 'transform',
  },
});

/**
 * Events of typing that nothing outside the editor handles: stopped at the editor's element, after CodeMirror (its
 * listeners are on elements inside) has handled them, so that React's root listener does not dispatch each one
 * through the story's component tree and Storybook's document listeners do not see them.
 */
const TYPING_EVENTS = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'textInput',
  'compositionstart',
  'compositionupdate',
  'compositionend',
] as const;
const stopAtEditor = (event: Event) => event.stopPropagation();

function toDiagnostics(problems: readonly EditorProblem[], length: number): Diagnostic[] {
  return problems.map((p) => {
    const from = Math.min(p.from, length);
    return {
      from,
      to: Math.min(Math.max(p.to, from), length),
      severity: p.severity,
      message: p.path ? `${p.path}: ${p.message}` : p.message,
    };
  });
}

export function BuilderEditor({
  id,
  label,
  initialText,
  onChange,
  problems,
  problemsText,
  completions,
  height = '60vh',
  handleRef,
}: BuilderEditorProps) {
  const intl = useIntl();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, completions });
  latest.current = { onChange, completions };
  const initial = useRef(initialText);
  /** The last text read and the document it was read from: markers for it are applied without a second read. */
  const lastRead = useRef<{ doc: Text; text: string } | null>(null);

  // one editor for the component's life (the locale's phrases are fixed at mount: a locale switch remounts)
  useEffect(() => {
    const extensions: Extension[] = [
      builderEditorSetup(),
      json(),
      lintGutter(),
      editorTheme,
      EditorView.theme({ '&': { height }, '.cm-scroller': { height: '100%' } }),
      EditorState.phrases.of(phrases(intl)),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        const doc = update.state.doc;
        latest.current.onChange(() => {
          const text = doc.toString();
          lastRead.current = { doc, text };
          return text;
        }, doc.length);
      }),
      // the source given once (not as language data: that is looked up in the syntax tree on every keystroke)
      autocompletion({
        override: [
          (ctx) => {
            const offers = latest.current.completions;
            return offers ? builderCompletionSource(offers)(ctx) : null;
          },
        ],
      }),
    ];
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({ doc: initial.current, extensions }),
    });
    lastRead.current = { doc: v.state.doc, text: initial.current };
    view.current = v;
    const element = host.current!;
    for (const type of TYPING_EVENTS) element.addEventListener(type, stopAtEditor);
    return () => {
      for (const type of TYPING_EVENTS) element.removeEventListener(type, stopAtEditor);
      v.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; texts and handlers are read through refs
  }, []);

  useImperativeHandle(
    handleRef,
    () => ({
      text: () => view.current?.state.doc.toString() ?? initial.current,
      setText(text) {
        const v = view.current;
        if (!v) {
          initial.current = text;
          return;
        }
        v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
        lastRead.current = { doc: v.state.doc, text };
      },
      reveal(from, to = from) {
        const v = view.current;
        if (!v) return;
        const length = v.state.doc.length;
        const anchor = Math.min(from, length);
        v.dispatch({
          selection: { anchor, head: Math.min(Math.max(to, anchor), length) },
          effects: EditorView.scrollIntoView(anchor, { y: 'center' }),
        });
        v.focus();
      },
    }),
    [],
  );

  useEffect(() => {
    const v = view.current;
    if (!v || problemsText === null) return;
    const doc = v.state.doc;
    const read = lastRead.current;
    // the same document as the one read for the check (a 1,000-item schema is not turned into a string again)
    const same =
      read !== null && read.doc === doc
        ? read.text === problemsText
        : doc.length === problemsText.length && doc.toString() === problemsText;
    if (!same) return;
    v.dispatch(setDiagnostics(v.state, toDiagnostics(problems, doc.length)));
  }, [problems, problemsText]);

  return (
    <Box
      ref={host}
      data-testid={`builder-editor-${id}`}
      sx={{ minWidth: 0, '& .cm-editor': { bgcolor: 'background.paper' } }}
    />
  );
}

/** The editor view inside a `builder-editor-*` element (tests and benchmarks drive it through this). */
export function editorViewIn(element: Element): EditorView | null {
  const dom = element.querySelector('.cm-editor');
  return dom instanceof HTMLElement ? EditorView.findFromDOM(dom) : null;
}
