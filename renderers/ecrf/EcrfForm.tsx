/**
 * An eCRF form for data entry: the compiled form's sections and items, with show/hide, required-if and calculated
 * items following the values as they are typed, each changed item and its dependents validated live by the engine
 * (never the whole form per keystroke), and the whole form validated on demand through the controller.
 *
 * Values, hidden / required and problems per item live in a small store each row subscribes to by its own variable
 * (formRuntime.ts): a keystroke renders that item only, and costs nothing in proportion to the form's size.
 */
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type Ref,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { ClassNames } from '@emotion/react';
import { useTheme } from '@mui/material/styles';
import { useIntl } from '../intl';
import type { ItemStatus } from '../../engine/api/data';
import { builtinAdornments } from '../actions/builtinAdornments';
import type { ItemAdornment } from '../actions/itemAdornments';
import {
  changedVariables,
  evaluateFormState,
  evaluateFormStateOf,
  FORM_MSG,
  validateForm,
  validateItems,
} from '../../engine/form';
import type {
  CompiledForm,
  CompiledSection,
  FieldProblem,
  FormContext,
  FormProblems,
  FormValue,
  FormValues,
} from '../../engine/form/types';
import { sameValue } from '../../engine/form/values';
import { metaText } from '../../engine/metadata/metaText';
import type { Timers } from '../../engine/ports';
import { createDebounce } from '../../engine/timing/debounce';
import { TextLimitContext } from '../form/LimitHint';
import { browserTimers } from '../search/browserTimers';
import { useEngineLocale } from '../search/metadataText';
import type { EcrfFormController } from './controller';
import { EcrfEnvContext, inputIdOf, keepsNoValue, useEcrfEnv, type EcrfEnv } from './ecrfEnv';
import { ecrfTexts } from './ecrfTexts';
import { ecrfFormCss } from './ecrfStyles';
import { FieldRow, sectionHeight } from './FieldRow';
import { createFormRuntime } from './formRuntime';
import { adornmentsSx, drawnAdornments } from './ItemAdornments';
import { InputAssistProvider } from './widgets/inputAssist';
import { formWidgets } from './widgets/registry';
import type { FormWidgetRegistry } from './widgets/types';

export interface EcrfFormProps {
  /** The compiled form (compile once per schema version: compileFormCached). Give a new `key` for another form. */
  form: CompiledForm;
  ctx: FormContext;
  /** Initial values (the saved record, a restored draft, or defaultValues(form)). Later changes: controller.reset. */
  values: FormValues;
  /** Problems to show at the fields (e.g. the server's answer to a save). */
  problems?: FormProblems;
  /** Per-item status of the saved record (data type, note): what the item adornments draw from. */
  itemStatus?: Readonly<Record<string, ItemStatus>>;
  /**
   * The item adornments drawn at each row, in order (default: the built-in data type and note icons). Keep the array
   * stable: its texts and icon styles are made once per array.
   */
  adornments?: readonly ItemAdornment[];
  readOnly?: boolean;
  /** The values after a change, debounced (~300 ms; a change still waiting is handed over on unmount): drafts, dirty tracking. */
  onChange?(values: FormValues): void;
  controllerRef?: Ref<EcrfFormController>;
  /** Widgets by field type (default formWidgets). */
  widgets?: FormWidgetRegistry;
  /** Items mounted in the first render (default 50, more than a screen); the rest follow chunk by chunk. */
  initialItems?: number;
  /** Items mounted per timer tick after the first ones (smaller: shorter tasks, a keystroke elsewhere waits less). */
  mountChunk?: number;
  /** Timers of the change debounce and progressive mounting (the browser's by default). */
  timers?: Timers;
  /** A click on the icon of an adornment that opens a dialog (ItemAdornment.Dialog): which adornment, which item. */
  onAdornmentOpen?(adornment: string, variable: string): void;
  /**
   * The pointer came over, or the focus onto, the button of an adornment that opens a dialog: which adornment (to
   * fetch a lazily loaded dialog's code before the click).
   */
  onAdornmentNear?(adornment: string): void;
}

export const ON_CHANGE_DEBOUNCE_MS = 300;
/** Items mounted per timer tick after the first ones. */
const MOUNT_CHUNK = 250;
/** Items mounted in the first render: more than a screen holds (two sections of a generated form). */
const FIRST_ITEMS = 50;
const NO_PROBLEMS: FormProblems = {};

/** A click inside the form on an adornment's button (delegated: one listener per form): which adornment and item. */
function adornmentClick(target: EventTarget, open: (adornment: string, variable: string) => void) {
  if (!(target instanceof Element)) return;
  const button = target.closest<HTMLElement>('[data-adornment-opens]');
  const variable = button?.closest<HTMLElement>('[data-variable]')?.dataset.variable;
  const adornment = button?.dataset.adornment;
  if (adornment && variable) open(adornment, variable);
}

/** The pointer or the focus came onto an adornment's button (delegated, like the click): which adornment. */
function adornmentNear(target: EventTarget, near: (adornment: string) => void) {
  if (!(target instanceof Element)) return;
  const adornment = target.closest<HTMLElement>('[data-adornment-opens]')?.dataset.adornment;
  if (adornment) near(adornment);
}

/** The values the form starts from: every item with a value (null when absent), calculated ones computed. */
function startValues(form: CompiledForm, values: FormValues, ctx: FormContext) {
  const base: Record<string, FormValue> = { ...values };
  for (const item of form.items.values()) {
    if (keepsNoValue(form, item)) continue;
    base[item.variable] = values[item.variable] ?? null;
  }
  const state = evaluateFormState(form, base, ctx);
  for (const [variable, value] of Object.entries(state.calculated)) base[variable] = value;
  return { values: base, state };
}

/** Live validation: a dependent's blank-required problem waits for the full validation (typing A does not nag about B). */
function liveProblems(
  found: FormProblems,
  changed: string,
  shown: (variable: string) => readonly FieldProblem[],
): FormProblems {
  const out: Record<string, readonly FieldProblem[]> = {};
  for (const [variable, list] of Object.entries(found)) {
    const keepRequired =
      variable === changed || shown(variable).some((p) => p.messageId === FORM_MSG.required);
    out[variable] = keepRequired ? list : list.filter((p) => p.messageId !== FORM_MSG.required);
  }
  return out;
}

/** How many items are mounted (a tiny store: a chunk mounted renders the sections, not the form's root). */
interface MountProgress {
  get(): number;
  set(count: number): void;
  subscribe(listener: () => void): () => void;
}

function createMountProgress(initial: number): MountProgress {
  let count = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => count,
    set(next) {
      if (next === count) return;
      count = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * A section: its element and title at once, at the height its items will take (the page keeps its length, the
 * section navigator finds every section), and its first `shown` items (the rest follow chunk by chunk). Off screen
 * the browser skips its style, layout and paint (`content-visibility: auto`, ecrfStyles.ts) while its inputs stay
 * focusable and findable; its size while skipped is the one it last had, at first the estimate from its items.
 */
const Section = memo(function Section({ section, shown }: { section: CompiledSection; shown: number }) {
  const { locale } = useEcrfEnv();
  const all = shown >= section.items.length;
  const items = all ? section.items : section.items.slice(0, shown);
  const height = sectionHeight(section);
  const title = metaText(section.title, locale);
  return (
    <section
      className="ecrf-section"
      data-section={section.id}
      aria-label={title}
      style={
        all
          ? { containIntrinsicSize: `auto ${height}px` }
          : { containIntrinsicSize: `auto ${height}px`, minHeight: height }
      }
    >
      <h2 className="ecrf-section-title">{title}</h2>
      {items.map((item) => (
        <FieldRow key={item.variable} item={item} />
      ))}
    </section>
  );
});

/**
 * Every section, each with its items mounted so far: `initial` at once, then a chunk per timer tick (a keystroke or
 * a click gets in between) until all are; the form's root says so (`data-mounted`: the count, then "all").
 */
const FormSections = memo(function FormSections({
  form,
  progress,
  timers,
  rootRef,
  chunk,
}: {
  form: CompiledForm;
  progress: MountProgress;
  timers: Timers;
  chunk: number;
  rootRef: RefObject<HTMLDivElement | null>;
}) {
  const count = useSyncExternalStore(progress.subscribe, progress.get, progress.get);
  const total = form.items.size;
  useEffect(() => {
    if (count >= total) return;
    const handle = timers.setTimeout(() => progress.set(Math.min(total, count + chunk)), 0);
    return () => timers.clearTimeout(handle);
  }, [count, total, timers, progress, chunk]);
  useLayoutEffect(() => {
    rootRef.current?.setAttribute('data-mounted', count >= total ? 'all' : String(count));
  }, [count, total, rootRef]);
  // items are in document order, section after section: a section shows those before `count`
  return form.sections.map((section) => (
    <Section
      key={section.id}
      section={section}
      shown={Math.max(0, Math.min(section.items.length, count - (section.items[0]?.order ?? 0)))}
    />
  ));
});

export function EcrfForm({
  form,
  ctx,
  values,
  problems = NO_PROBLEMS,
  itemStatus,
  adornments = builtinAdornments,
  readOnly = false,
  onChange,
  controllerRef,
  widgets = formWidgets,
  initialItems = FIRST_ITEMS,
  mountChunk = MOUNT_CHUNK,
  timers = browserTimers,
  onAdornmentOpen,
  onAdornmentNear,
}: EcrfFormProps) {
  const idPrefix = `ecrf${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [setup] = useState(() => {
    const start = startValues(form, values, ctx);
    return { ...start, runtime: createFormRuntime(form, start.state, problems, start.values) };
  });
  const { runtime } = setup;
  const baseline = useRef<FormValues>(values);
  const rootRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ form, ctx, onChange });
  useEffect(() => {
    latest.current = { form, ctx, onChange };
  });

  const [debounced] = useState(() =>
    createDebounce(timers, ON_CHANGE_DEBOUNCE_MS, () => latest.current.onChange?.(runtime.values())),
  );
  // leaving (navigation, a forced logout) hands over the last change still waiting: nothing typed is lost
  useEffect(() => () => debounced.flush(), [debounced]);
  // the tab is closing or going to the background: hand over a change still waiting (drafts lose nothing typed)
  useEffect(() => {
    const handOver = () => debounced.flush();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') handOver();
    };
    window.addEventListener('pagehide', handOver);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', handOver);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [debounced]);

  // problems given later (a save's answer) replace those shown; the same problems in a new object change nothing
  const givenProblems = useRef(JSON.stringify(problems));
  useEffect(() => {
    const key = JSON.stringify(problems);
    if (key === givenProblems.current) return;
    givenProblems.current = key;
    runtime.replaceProblems(problems);
  }, [problems, runtime]);

  const changed = useMemo(
    () => (variable: string) => {
      const { form: f, ctx: c } = latest.current;
      // the values as they are now (read, not copied: nothing per keystroke in proportion to the form's size)
      const current = runtime.liveValues();
      // only the changed item and its dependents: never the whole form per keystroke
      const variables = [variable, ...(f.dependents.get(variable) ?? [])];
      const state = evaluateFormStateOf(f, current, c, variables);
      for (const [calc, value] of Object.entries(state.calculated)) {
        if (!sameValue(current[calc] ?? null, value)) runtime.setValue(calc, value);
      }
      runtime.applyStateOf(variables, state);
      const found = validateItems(f, current, c, variables);
      runtime.setProblems(
        variables,
        liveProblems(found, variable, (v) => runtime.snapshot(v).problems),
      );
      debounced.call();
    },
    [runtime, debounced],
  );

  const intl = useIntl();
  const locale = useEngineLocale();
  const drawn = useMemo(() => drawnAdornments(adornments, intl), [adornments, intl]);
  const theme = useTheme();
  const formCss = ecrfFormCss(theme, adornmentsSx(adornments));
  const env = useMemo<EcrfEnv>(
    () => ({
      form,
      runtime,
      widgets,
      idPrefix,
      readOnly,
      itemStatus,
      adornments: drawn,
      locale,
      texts: ecrfTexts(intl),
      changed,
    }),
    [form, runtime, widgets, idPrefix, readOnly, itemStatus, drawn, locale, intl, changed],
  );

  const [progress] = useState(() => createMountProgress(Math.min(form.items.size, initialItems)));
  const mountAll = useCallback(() => flushSync(() => progress.set(form.items.size)), [progress, form]);

  useImperativeHandle(
    controllerRef,
    (): EcrfFormController => ({
      getValues: () => runtime.values(),
      validateAll() {
        const found = validateForm(form, runtime.liveValues(), ctx);
        runtime.replaceProblems(found);
        return found;
      },
      showProblems: (found) => runtime.replaceProblems(found),
      reset(next) {
        const start = startValues(form, next, ctx);
        baseline.current = next;
        runtime.resetValues(start.values);
        runtime.applyState(start.state);
        runtime.replaceProblems({});
      },
      rebase(next) {
        baseline.current = next;
      },
      flushChanges: () => debounced.flush(),
      isDirty: () => changedVariables(form, baseline.current, runtime.liveValues()).length > 0,
      shownProblems: () =>
        Object.fromEntries(Object.entries(runtime.problems()).filter(([v]) => !runtime.snapshot(v).hidden)),
      focusFirstProblem() {
        const shown = runtime.problems();
        const ordered = [...form.items.keys()].filter(
          (v) => (shown[v]?.length ?? 0) > 0 && !runtime.snapshot(v).hidden,
        );
        const target = ordered.find((v) => shown[v]?.some((p) => p.level === 'error')) ?? ordered[0] ?? null;
        if (target === null) return false;
        if (!rootRef.current?.querySelector(`[data-variable="${target}"]`)) mountAll();
        const row = rootRef.current?.querySelector<HTMLElement>(`[data-variable="${target}"]`);
        const byId = rootRef.current?.querySelector<HTMLElement>(`#${inputIdOf(idPrefix, target)}`) ?? null;
        const input = byId?.matches('input, select, textarea, output')
          ? byId
          : (row?.querySelector<HTMLElement>('input, select, textarea, output') ?? null);
        row?.scrollIntoView?.({ block: 'center' });
        input?.focus();
        return true;
      },
    }),
    [form, ctx, runtime, idPrefix, mountAll, debounced],
  );

  return (
    <EcrfEnvContext.Provider value={env}>
      <InputAssistProvider tid={form.tid} timers={timers}>
        <ClassNames>
          {({ css: classOf }) => (
            <div
              ref={rootRef}
              className={`ecrf-form ${classOf(formCss)}`}
              data-testid="ecrf-form"
              onClick={onAdornmentOpen ? (e) => adornmentClick(e.target, onAdornmentOpen) : undefined}
              onPointerOver={onAdornmentNear ? (e) => adornmentNear(e.target, onAdornmentNear) : undefined}
              onFocus={onAdornmentNear ? (e) => adornmentNear(e.target, onAdornmentNear) : undefined}
            >
              {/* text widgets limit items without a length of their own to the session's limit (login info strLength) */}
              <TextLimitContext.Provider value={ctx.textLimit}>
                <FormSections
                  form={form}
                  progress={progress}
                  timers={timers}
                  rootRef={rootRef}
                  chunk={mountChunk}
                />
              </TextLimitContext.Provider>
            </div>
          )}
        </ClassNames>
      </InputAssistProvider>
    </EcrfEnvContext.Provider>
  );
}
