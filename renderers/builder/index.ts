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
export {
  createDraftKeeper,
  dropDraft,
  keepDraft,
  KEEP_DELAY_MS,
  startingText,
  type DraftKeeper,
  type DraftSource,
  type DraftStart,
} from './workbenchDraft';
export { useDraftKeeper } from './useDraftKeeper';
export { ImportReport, importIssueText, type ImportReportProps } from './ImportReport';
export {
  codeListCatalogOf,
  looksLikeJson,
  openFileText,
  type ImporterLookup,
  type OpenedFile,
} from './openImport';
export { CHECK_DELAY_MS, useDebouncedCheck } from './useDebouncedCheck';
