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
import {
  builtinFormFieldTypes,
  compileForm,
  defaultValues,
  evaluateFormState,
  prepareForSave,
} from '../../engine/form';
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
import { EcrfForm, type EcrfFormController } from '../ecrf';
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
import { WorkbenchToolbar } from './WorkbenchToolbar';

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
}

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
  const [tab, setTab] = useState<'preview' | 'try'>('preview');
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
      const compiled = compileForm(raw, { codeLists });
      if (!compiled.ok) {
        const index = jsonTree(text);
        const problems = index
          ? placeIssues(text, index, compiled.issues, (issue: FormSchemaIssue) => ({
              message: schemaIssueText(intl, issue),
            }))
          : [];
        return { checked: { text, problems, stale: 'schema' }, preview: previous };
      }
      const key = JSON.stringify(raw);
      if (previous && previous.key === key)
        return { checked: { text, problems: [], stale: null }, preview: previous };
      const form = compiled.form;
      const values: Record<string, FormValue> = { ...defaultValues(form) };
      for (const [variable, value] of Object.entries(typed.current))
        if (form.items.has(variable)) values[variable] = value;
      return {
        checked: { text, problems: [], stale: null },
        preview: { version: (previous?.version ?? 0) + 1, key, form, values },
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
    const state = evaluateFormState(preview.form, values, ctx);
    return {
      saved: prepareForSave(preview.form, values, ctx),
      hidden: [...preview.form.items.values()].filter((item) => state.hidden.has(item.variable)),
    };
  }, [tab, preview, liveValues, ctx]);

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
          <Tabs value={tab} onChange={(_e, value: 'preview' | 'try') => setTab(value)}>
            <Tab value="preview" label={intl.formatMessage({ id: 'builder.preview' })} />
            <Tab value="try" label={intl.formatMessage({ id: 'builder.tryForm' })} />
          </Tabs>
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
              <EcrfForm
                key={preview.version}
                form={preview.form}
                ctx={ctx}
                values={preview.values}
                controllerRef={controller}
                onChange={setLiveValues}
              />
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
                  {tried.hidden.map((item) => (
                    <li key={item.variable}>
                      <code>{item.variable}</code> {metaText(item.label, locale)}
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
        </Box>
      </Box>
    </Box>
  );
}
