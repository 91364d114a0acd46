/** The builders' workbench parts: the JSON editor with the engine's problems as markers, the problem list, the file bar. */
export {
  BuilderEditor,
  editorViewIn,
  type BuilderEditorHandle,
  type BuilderEditorProps,
} from './BuilderEditor';
export { ProblemList, type ProblemListProps } from './ProblemList';
export { WorkbenchToolbar, type WorkbenchSample, type WorkbenchToolbarProps } from './WorkbenchToolbar';
export {
  builderCompletionSource,
  completeAt,
  type BuilderCompletions,
  type CompletionOption,
} from './builderCompletion';
export {
  jsonTree,
  lineColumnOf,
  pathSegments,
  stringCharOffset,
  JsonIndex,
  type TextRange,
} from './jsonLocate';
export {
  issueRange,
  placeIssues,
  syntaxProblem,
  type EditorProblem,
  type LocatableIssue,
  type ProblemSeverity,
} from './problemRanges';
export {
  SHARE_PARAM,
  decodeShared,
  encodeShared,
  shareCodeIn,
  shareLinkFor,
  sharedTextOf,
} from './shareLink';
export { dropDraft, keepDraft, startingText, type DraftSource, type DraftStart } from './workbenchDraft';
export { CHECK_DELAY_MS, useDebouncedCheck } from './useDebouncedCheck';
