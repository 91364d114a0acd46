/**
 * The form-schema workbench: a schema edited in the builders' editor, checked by the engine once the builder pauses
 * (every problem a marker at its place and an entry of the problem list), and the data-entry form it makes beside
 * it — values typed into the preview kept across edits, each item's `default` shown. Examples, local files,
 * downloads and share links through the file bar; the text is kept across language switches and reloads.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { keepDraft, startingText } from './workbenchDraft';
import { NativePicker, WorkbenchToolbar } from './WorkbenchToolbar';

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

export function FormWorkbench({
  example,
  samples,
  ctx,
  codeLists,
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
  const [tab, setTab] = useState<'preview' | 'try' | 'compare'>('preview');
  const [seed, setSeed] = useState(1);
  const openedText = useRef(start.text);
  const [compareWith, setCompareWith] = useState<string>('__opened');
  const [liveValues, setLiveValues] = useState<FormValues | null>(null);

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
      const compiled = compileFormPartial(raw, { codeLists });
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
    [intl, codeLists],
  );

  const [state, setState] = useState(() => check(start.text, null));
  const { checked, preview } = state;

  const runCheck = (text: string) => {
    keepDraft(draftKey, text);
    const c = controller.current;
    if (c && preview) typedValues(preview.form, c.getValues(), preview.values, typed.current);
    setState((s) => check(text, s.preview));
    setLiveValues(null);
  };
  const debounced = useDebouncedCheck(runCheck);

  const load = (text: string, id: string | null) => {
    debounced.cancel();
    editor.current?.setText(text);
    debounced.cancel();
    setSampleId(id);
    keepDraft(draftKey, text, id);
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
        onPick={(id) => {
          const sample = samples.find((s) => s.id === id);
          if (sample) load(pretty(sample.schema), id);
        }}
        onOpenText={(text) => load(text, null)}
        currentText={() => editor.current?.text() ?? checked.text}
        fileName={`${(lastRaw.current as { tid?: unknown } | null)?.tid ?? 'schema'}.json`.replace(
          /[^\w.-]/g,
          '_',
        )}
        onRestore={() => load(exampleText, exampleId)}
        source={start.source}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 480px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <BuilderEditor
            id="schema"
            label={intl.formatMessage({ id: 'ecrf.playground.editor' })}
            initialText={start.text}
            onChange={(read) => debounced.call(read)}
            problems={checked.problems}
            problemsText={checked.text}
            completions={completions}
            handleRef={editor}
            {...(editorHeight ? { height: editorHeight } : {})}
          />
          <ProblemList
            id="schema"
            problems={checked.problems}
            onSelect={(p) => editor.current?.reveal(p.from, p.to)}
          />
        </Box>
        <Box sx={{ flex: '1 1 560px', minWidth: 0 }} data-testid="playground-preview">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Tabs
              value={tab}
              onChange={(_e, value: 'preview' | 'try' | 'compare') => setTab(value)}
              sx={{ flex: '1 1 auto' }}
            >
              <Tab value="preview" label={intl.formatMessage({ id: 'builder.preview' })} />
              <Tab value="try" label={intl.formatMessage({ id: 'builder.tryForm' })} />
              <Tab value="compare" label={intl.formatMessage({ id: 'builder.compare' })} />
            </Tabs>
            <Button size="small" variant="outlined" disabled={!preview} onClick={() => fill('valid')}>
              <FormattedMessage id="builder.fillValid" />
            </Button>
            <Button size="small" variant="outlined" disabled={!preview} onClick={() => fill('edge')}>
              <FormattedMessage id="builder.fillEdge" />
            </Button>
          </Box>
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
              <BrokenItemsContext.Provider value={preview.broken}>
                <EcrfForm
                  key={preview.version}
                  form={preview.form}
                  ctx={ctx}
                  values={preview.values}
                  controllerRef={controller}
                  onChange={setLiveValues}
                  widgets={workbenchWidgets}
                />
              </BrokenItemsContext.Provider>
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
