/**
 * The form-schema workbench: a schema edited in the builders' editor, checked by the engine once the builder pauses
 * (every problem a marker at its place and an entry of the problem list), and the data-entry form it makes beside
 * it — values typed into the preview kept across edits, each item's `default` shown. Examples, local files,
 * downloads and share links through the file bar; the text is kept across language switches and reloads.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../intl';
import Button from '@mui/material/Button';
import {
  compareSchemas,
  compileFormPartial,
  fillValues,
  impactOnValues,
  schemaChangeMessageId,
  tryForm,
  type BrokenItem,
  type FillMode,
} from '../../engine/builder';
import { builtinFormFieldTypes, defaultValues } from '../../engine/form';
import { RULE_KINDS } from '../../engine/form/compile/compileRules';
import type {
  CodeListCatalog,
  CompiledForm,
  FormContext,
  FormSchemaIssue,
  FormValue,
  FormValues,
} from '../../engine/form/types';
import { sameValue } from '../../engine/form/values';
import { metaText } from '../../engine/metadata/metaText';
import type { MetaText } from '../../engine/metadata/types';
import { RULE_FUNCTIONS } from '../../engine/rules';
import { EcrfForm, fieldProblemText, type EcrfFormController } from '../ecrf';
import { BrokenItemsContext, workbenchWidgets } from './brokenItems';
import { schemaIssueText } from '../ecrf/problemText';
import { useEngineLocale } from '../search/metadataText';
import { BuilderEditor, type BuilderEditorHandle } from './BuilderEditor';
import type { BuilderCompletions, CompletionOption } from './builderCompletion';
import { jsonSyntaxMessage, parseJsonText } from './jsonSyntax';
import { jsonTree } from './jsonLocate';
import { placeIssues, syntaxProblem, type EditorProblem } from './problemRanges';
import { ProblemList } from './ProblemList';
import { useDebouncedCheck } from './useDebouncedCheck';
import { useDraftKeeper } from './useDraftKeeper';
import { startingText } from './workbenchDraft';
import { NativePicker, WorkbenchToolbar } from './WorkbenchToolbar';
import { ImportReport } from './ImportReport';
import { codeListCatalogOf, openFileText, type ImporterLookup } from './openImport';
import { importerFor } from '../../engine/interchange/formats';
import type { ImportResult } from '../../engine/interchange/types';

export interface FormWorkbenchSample {
  id: string;
  label: MetaText;
  schema: unknown;
}

export interface FormWorkbenchProps {
  /** The schema the workbench opens with (wire format). */
  example: unknown;
  /** Every schema the picker offers. */
  samples: readonly FormWorkbenchSample[];
  ctx: FormContext;
  /** The study's code lists: checked against (`codelisttype` that does not exist) and offered by completion. */
  codeLists: CodeListCatalog;
  /**
   * Which importer reads a study file opened in the file bar (default: the interchange registry, `importerFor`):
   * a seam for stories and tests.
   */
  importers?: ImporterLookup;
  /** Where the edited text is kept across language switches and reloads (null: not kept). */
  draftKey?: string | null;
  editorHeight?: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

interface Checked {
  text: string;
  problems: readonly EditorProblem[];
  /** The text could not be read or compiled: the preview shows the last form that could. */
  stale: 'json' | 'schema' | null;
}

interface Preview {
  version: number;
  key: string;
  form: CompiledForm;
  values: FormValues;
  /** Items that do not compile, drawn in place by their placeholder's variable. */
  broken: ReadonlyMap<string, BrokenItem>;
}

const NO_BROKEN: ReadonlyMap<string, BrokenItem> = new Map();

interface Imported {
  format: string;
  fileName: string;
  result: ImportResult;
  /** The file's code lists (null: it gave no definition; the study's stay). */
  catalogue: CodeListCatalog | null;
  /** The imported form in the editor. */
  formTid: string | null;
}
/** Generated records an old version is compared on (valid and edge values, fixed seeds). */
const COMPARED_RECORDS = 10;

/** Variables and their labels of a raw schema (for completion), whatever else is wrong with it. */
function rawVariables(raw: unknown, locale: 'zh_CN' | 'en'): CompletionOption[] {
  const out: CompletionOption[] = [];
  const sections = (raw as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(sections)) return out;
  for (const section of sections) {
    const items = (section as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const { variable, label } = (item ?? {}) as { variable?: unknown; label?: unknown };
      if (typeof variable !== 'string') continue;
      const shown =
        typeof label === 'string' || (typeof label === 'object' && label !== null)
          ? metaText(label as MetaText, locale)
          : '';
      out.push({ label: variable, ...(shown ? { detail: shown } : {}) });
    }
  }
  return out;
}

/** The values the builder typed into the preview (those differing from what the form started with). */
function typedValues(
  form: CompiledForm,
  now: FormValues,
  started: FormValues,
  typed: Record<string, FormValue>,
) {
  for (const [variable, value] of Object.entries(now)) {
    const item = form.items.get(variable);
    if (!item || item.fieldtype === 'calculated') continue;
    if (sameValue(value, started[variable] ?? null)) delete typed[variable];
    else typed[variable] = value;
  }
}

type WorkbenchTab = 'preview' | 'try' | 'compare';

/** The preview's tabs and the fill buttons (memoised: MUI's tabs measure their indicator on every render). */
const PreviewTabs = memo(function PreviewTabs({
  tab,
  onTab,
  canFill,
  onFill,
}: {
  tab: WorkbenchTab;
  onTab(tab: WorkbenchTab): void;
  canFill: boolean;
  onFill(mode: FillMode): void;
}) {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Tabs value={tab} onChange={(_e, value: WorkbenchTab) => onTab(value)} sx={{ flex: '1 1 auto' }}>
        <Tab value="preview" label={intl.formatMessage({ id: 'builder.preview' })} />
        <Tab value="try" label={intl.formatMessage({ id: 'builder.tryForm' })} />
        <Tab value="compare" label={intl.formatMessage({ id: 'builder.compare' })} />
      </Tabs>
      <Button size="small" variant="outlined" disabled={!canFill} onClick={() => onFill('valid')}>
        <FormattedMessage id="builder.fillValid" />
      </Button>
      <Button size="small" variant="outlined" disabled={!canFill} onClick={() => onFill('edge')}>
        <FormattedMessage id="builder.fillEdge" />
      </Button>
    </Box>
  );
});

/**
 * Items of the preview mounted per task after the first screen: a remount of 1,000 items is ~20 short tasks, so a
 * key typed meanwhile waits for one chunk, not for a quarter of the form.
 */
const PREVIEW_MOUNT_CHUNK = 50;

/** The data-entry form of the preview (memoised: a check that keeps the preview does not render it again). */
const PreviewForm = memo(function PreviewForm({
  preview,
  ctx,
  controllerRef,
  onChange,
}: {
  preview: Preview;
  ctx: FormContext;
  controllerRef: RefObject<EcrfFormController | null>;
  onChange(values: FormValues): void;
}) {
  return (
    <BrokenItemsContext.Provider value={preview.broken}>
      <EcrfForm
        key={preview.version}
        form={preview.form}
        ctx={ctx}
        values={preview.values}
        controllerRef={controllerRef}
        onChange={onChange}
        widgets={workbenchWidgets}
        mountChunk={PREVIEW_MOUNT_CHUNK}
      />
    </BrokenItemsContext.Provider>
  );
});

export function FormWorkbench({
  example,
  samples,
  ctx,
  codeLists: studyCodeLists,
  importers = importerFor,
  draftKey = null,
  editorHeight,
}: FormWorkbenchProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const exampleText = pretty(example);
  const exampleId = samples.find((s) => s.schema === example)?.id ?? null;
  const [start] = useState(() => startingText(draftKey, exampleText, exampleId));
  const [sampleId, setSampleId] = useState<string | null>(
    start.source === 'example' ? exampleId : start.example,
  );
  const editor = useRef<BuilderEditorHandle>(null);
  const controller = useRef<EcrfFormController>(null);
  const typed = useRef<Record<string, FormValue>>({});
  const lastRaw = useRef<unknown>(null);
  const [tab, setTab] = useState<WorkbenchTab>('preview');
  const [seed, setSeed] = useState(1);
  const openedText = useRef(start.text);
  const [compareWith, setCompareWith] = useState<string>('__opened');
  const [liveValues, setLiveValues] = useState<FormValues | null>(null);
  /** A study file opened (ODM, REDCap): its report, and its code lists as the catalogue while it is open. */
  const [imported, setImported] = useState<Imported | null>(null);
  const [unreadFile, setUnreadFile] = useState<string | null>(null);
  const codeLists = imported?.catalogue ?? studyCodeLists;
  /** The catalogue the check uses (set at once when a file is opened, before its form is checked). */
  const catalogue = useRef(codeLists);
  useEffect(() => {
    catalogue.current = codeLists;
  }, [codeLists]);

  const check = useCallback(
    (text: string, previous: Preview | null): { checked: Checked; preview: Preview | null } => {
      const parsed = parseJsonText(text);
      if (!parsed.ok) {
        const offset = parsed.offset;
        return {
          checked: {
            text,
            problems: [syntaxProblem(text, offset, jsonSyntaxMessage(intl, text, offset))],
            stale: 'json',
          },
          preview: previous,
        };
      }
      const raw = parsed.value;
      lastRaw.current = raw;
      const compiled = compileFormPartial(raw, { codeLists: catalogue.current });
      const index = compiled.issues.length > 0 ? jsonTree(text) : null;
      const problems = index
        ? placeIssues(text, index, compiled.issues, (issue: FormSchemaIssue) => ({
            message: schemaIssueText(intl, issue),
          }))
        : [];
      if (!compiled.form) return { checked: { text, problems, stale: 'schema' }, preview: previous };
      const key = JSON.stringify(raw);
      if (previous && previous.key === key)
        return { checked: { text, problems, stale: null }, preview: previous };
      const form = compiled.form;
      const values: Record<string, FormValue> = { ...defaultValues(form) };
      for (const [variable, value] of Object.entries(typed.current))
        if (form.items.has(variable) && !compiled.brokenByVariable.has(variable)) values[variable] = value;
      return {
        checked: { text, problems, stale: null },
        preview: {
          version: (previous?.version ?? 0) + 1,
          key,
          form,
          values,
          broken: compiled.brokenItems.length > 0 ? compiled.brokenByVariable : NO_BROKEN,
        },
      };
    },
    [intl],
  );

  const [first] = useState(() => check(start.text, null));
  // the problems and the preview apart: a check that keeps the preview does not render it again
  const [checked, setChecked] = useState(first.checked);
  const [preview, setPreview] = useState(first.preview);
  const latestPreview = useRef(first.preview);
  /** The preview on screen (the controller's form): a transition may not have rendered the latest yet. */
  const renderedPreview = useRef(first.preview);
  useEffect(() => {
    renderedPreview.current = preview;
  }, [preview]);

  const keeper = useDraftKeeper(draftKey);
  const runCheck = (text: string) => {
    keeper.keep(text);
    const shown = latestPreview.current;
    const onScreen = renderedPreview.current;
    const c = controller.current;
    if (c && onScreen) typedValues(onScreen.form, c.getValues(), onScreen.values, typed.current);
    const next = check(text, shown);
    setChecked(next.checked);
    if (next.preview !== shown) {
      latestPreview.current = next.preview;
      setPreview(next.preview);
      setLiveValues(null);
    }
  };
  const debounced = useDebouncedCheck(runCheck);

  const load = (text: string, id: string | null) => {
    debounced.cancel();
    editor.current?.setText(text);
    debounced.cancel();
    setSampleId(id);
    keeper.keep(text, id);
    runCheck(text);
  };

  // another example given (the Controls panel's `schema`): opened like a pick
  const shownExample = useRef(exampleText);
  useEffect(() => {
    if (shownExample.current === exampleText) return;
    shownExample.current = exampleText;
    load(exampleText, exampleId);
  });

  const completions = useCallback(
    (): BuilderCompletions => ({
      values: {
        fieldtype: builtinFormFieldTypes.map((d) => ({ label: d.name })),
        codelisttype: Object.entries(codeLists).map(([name, options]) => ({
          label: name,
          ...(options ? { detail: options.map((o) => o.value).join(' ') } : {}),
        })),
        kind: RULE_KINDS.map((kind) => ({ label: kind })),
        severity: [{ label: 'hard' }, { label: 'soft' }],
      },
      ruleProperties: ['expr', 'formula'],
      variables: rawVariables(lastRaw.current, locale),
      functions: Object.entries(RULE_FUNCTIONS).map(([name]) => ({ label: name })),
    }),
    [codeLists, locale],
  );

  // the file bar, the preview's tabs and the problem list do not render again for a check that does not change them
  const closeImport = () => {
    setImported(null);
    setUnreadFile(null);
    catalogue.current = studyCodeLists;
  };
  /** A local file: JSON to the editor; a study file read by its importer, its first form opened. */
  const openFile = (text: string, fileName: string) => {
    const opened = openFileText(text, importers);
    if (opened.kind === 'json') {
      closeImport();
      load(text, null);
      return;
    }
    if (opened.kind === 'unknown') {
      setUnreadFile(fileName);
      return;
    }
    const { definition } = opened.result;
    const first = definition?.forms[0] ?? null;
    const imported: Imported = {
      format: opened.format,
      fileName,
      result: opened.result,
      catalogue: definition ? codeListCatalogOf(definition.codeLists) : null,
      formTid: first?.tid ?? null,
    };
    setUnreadFile(null);
    setImported(imported);
    if (imported.catalogue) catalogue.current = imported.catalogue;
    if (first) load(pretty(first), null);
  };
  const pickImported = (tid: string) => {
    const form = imported?.result.definition?.forms.find((f) => f.tid === tid);
    if (!form) return;
    setImported((now) => (now ? { ...now, formTid: tid } : now));
    load(pretty(form), null);
  };
  const actions = useRef({
    load,
    fill: (_mode: FillMode) => {},
    openFile,
    pickImported,
    closeImport,
    exampleText,
    exampleId,
  });
  useEffect(() => {
    actions.current = { load, fill, openFile, pickImported, closeImport, exampleText, exampleId };
  });
  const onPick = useCallback(
    (id: string) => {
      const sample = samples.find((s) => s.id === id);
      if (!sample) return;
      actions.current.closeImport();
      actions.current.load(pretty(sample.schema), id);
    },
    [samples],
  );
  const onOpenText = useCallback(
    (text: string, fileName: string) => actions.current.openFile(text, fileName),
    [],
  );
  const onOpenFailed = useCallback((fileName: string) => setUnreadFile(fileName), []);
  const onPickImportedForm = useCallback((tid: string) => actions.current.pickImported(tid), []);
  const currentText = useCallback(() => editor.current?.text() ?? '', []);
  const onRestore = useCallback(() => {
    actions.current.closeImport();
    actions.current.load(actions.current.exampleText, actions.current.exampleId);
  }, []);
  const onFill = useCallback((mode: FillMode) => actions.current.fill(mode), []);
  const onSelectProblem = useCallback((p: EditorProblem) => editor.current?.reveal(p.from, p.to), []);
  const fileName = `${(lastRaw.current as { tid?: unknown } | null)?.tid ?? 'schema'}.json`.replace(
    /[^\w.-]/g,
    '_',
  );

  const pickerSamples = useMemo(
    () => samples.map((s) => ({ id: s.id, label: metaText(s.label, locale) })),
    [samples, locale],
  );

  const tried = useMemo(() => {
    if (tab !== 'try' || !preview) return null;
    const values = liveValues ?? controller.current?.getValues() ?? preview.values;
    return tryForm(preview.form, values, ctx);
  }, [tab, preview, liveValues, ctx]);

  const fill = (mode: FillMode) => {
    if (!preview) return;
    const values = fillValues(preview.form, mode, seed, ctx);
    setSeed((s) => s + 1);
    controller.current?.reset(values);
    setLiveValues(values);
  };

  const comparison = useMemo(() => {
    if (tab !== 'compare' || !preview || compareWith === '') return null;
    const old =
      compareWith === '__opened'
        ? (() => {
            try {
              return JSON.parse(openedText.current) as unknown;
            } catch {
              return null;
            }
          })()
        : samples.find((s) => s.id === compareWith)?.schema;
    const result = compareSchemas(old, lastRaw.current, { codeLists });
    if (!result.ok) return { ok: false as const };
    const stored: FormValues[] = [];
    for (let i = 1; i <= COMPARED_RECORDS; i++)
      stored.push(fillValues(result.oldForm, 'valid', i, ctx), fillValues(result.oldForm, 'edge', i, ctx));
    return { ok: true as const, impacts: impactOnValues(result, stored, ctx), skipped: result.skipped };
  }, [tab, preview, compareWith, samples, codeLists, ctx]);

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <WorkbenchToolbar
        samples={pickerSamples}
        sampleId={sampleId}
        onPick={onPick}
        onOpenText={onOpenText}
        currentText={currentText}
        fileName={fileName}
        onRestore={onRestore}
        onOpenFailed={onOpenFailed}
        source={start.source}
      />
      {unreadFile !== null && (
        <Typography variant="body2" color="error.main" data-testid="builder-unread-file">
          <FormattedMessage id="builder.import.unknownFormat" values={{ fileName: unreadFile }} />
        </Typography>
      )}
      {imported && (
        <ImportReport
          format={imported.format}
          fileName={imported.fileName}
          result={imported.result}
          formTid={imported.formTid}
          onPickForm={onPickImportedForm}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 480px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <BuilderEditor
            id="schema"
            label={intl.formatMessage({ id: 'ecrf.playground.editor' })}
            initialText={start.text}
            onChange={(read, length) => debounced.call(read, length)}
            problems={checked.problems}
            problemsText={checked.text}
            completions={completions}
            handleRef={editor}
            {...(editorHeight ? { height: editorHeight } : {})}
          />
          <ProblemList id="schema" problems={checked.problems} onSelect={onSelectProblem} />
        </Box>
        <Box sx={{ flex: '1 1 560px', minWidth: 0 }} data-testid="playground-preview">
          <PreviewTabs tab={tab} onTab={setTab} canFill={preview !== null} onFill={onFill} />
          {checked.stale && (
            <Typography
              variant="caption"
              color="warning.dark"
              component="p"
              data-testid="playground-stale"
              sx={{ mt: 1 }}
            >
              <FormattedMessage
                id={checked.stale === 'json' ? 'ecrf.playground.stale' : 'builder.staleSchema'}
              />
            </Typography>
          )}
          <Box sx={{ display: tab === 'preview' ? 'block' : 'none', mt: 1 }}>
            {preview ? (
              <PreviewForm preview={preview} ctx={ctx} controllerRef={controller} onChange={setLiveValues} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id="builder.noPreview" />
              </Typography>
            )}
          </Box>
          {tab === 'try' && tried && (
            <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Box data-testid="builder-hidden">
                <Typography variant="subtitle2" component="h3">
                  <FormattedMessage id="builder.hiddenItems" values={{ count: tried.hidden.length }} />
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
                  {tried.hidden.map((hidden) => (
                    <li key={hidden.variable} data-testid="builder-hidden-item">
                      <code>{hidden.variable}</code>{' '}
                      {hidden.reason === 'schema' ? (
                        <FormattedMessage id="builder.hiddenBySchema" />
                      ) : (
                        hidden.rules.map((rule) => (
                          <span key={rule.id}>
                            <FormattedMessage
                              id="builder.hiddenByRule"
                              values={{
                                rule: rule.id,
                                expr: rule.expr,
                                result: JSON.stringify(rule.result),
                                reads: rule.reads
                                  .map((r) => `[${r.variable}] = ${JSON.stringify(r.value)}`)
                                  .join(', '),
                              }}
                            />{' '}
                          </span>
                        ))
                      )}
                    </li>
                  ))}
                </Box>
              </Box>
              <Box data-testid="builder-fired">
                <Typography variant="subtitle2" component="h3">
                  <FormattedMessage
                    id="builder.firedChecks"
                    values={{ count: Object.keys(tried.problems).length }}
                  />
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
                  {Object.entries(tried.problems).map(([variable, list]) => (
                    <li key={variable}>
                      <code>{variable}</code>{' '}
                      {list
                        .map((p) => `${p.ruleId ? `${p.ruleId}: ` : ''}${fieldProblemText(intl, p, locale)}`)
                        .join('; ')}
                    </li>
                  ))}
                </Box>
              </Box>
              <Box>
                <Typography variant="subtitle2" component="h3">
                  <FormattedMessage id="builder.savedValues" />
                </Typography>
                <Box
                  component="pre"
                  data-testid="builder-saved-values"
                  sx={{
                    m: 0,
                    p: 1,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontSize: 12,
                    overflowX: 'auto',
                  }}
                >
                  {JSON.stringify(tried.saved, null, 2)}
                </Box>
              </Box>
            </Box>
          )}
          {tab === 'compare' && (
            <Box
              sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
              data-testid="builder-compare"
            >
              <NativePicker
                label={intl.formatMessage({ id: 'builder.compareWith' })}
                value={compareWith}
                onChange={setCompareWith}
                testId="builder-compare-with"
                options={[
                  { value: '__opened', label: intl.formatMessage({ id: 'builder.compareOpened' }) },
                  ...pickerSamples.map((sample) => ({ value: sample.id, label: sample.label })),
                ]}
              />
              <Typography variant="caption" color="text.secondary">
                <FormattedMessage id="builder.compareExplained" values={{ records: COMPARED_RECORDS * 2 }} />
              </Typography>
              {comparison && !comparison.ok && (
                <Typography variant="body2" color="error.main">
                  <FormattedMessage id="builder.compareFailed" />
                </Typography>
              )}
              {comparison?.ok && comparison.impacts.length === 0 && (
                <Typography variant="body2" color="success.main">
                  <FormattedMessage id="builder.noChanges" />
                </Typography>
              )}
              {comparison?.ok && comparison.impacts.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
                  {comparison.impacts.map(({ change, affected, of }, i) => (
                    <li key={i} data-testid="builder-change">
                      {intl.formatMessage({ id: schemaChangeMessageId(change.code) }, change.values)}{' '}
                      <Box component="span" sx={{ color: affected > 0 ? 'error.main' : 'text.secondary' }}>
                        <FormattedMessage id="builder.affected" values={{ affected, of }} />
                      </Box>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
