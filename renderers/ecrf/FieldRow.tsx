/**
 * One item of the form: label (with required mark and help), the widget of its field type, unit, the problems
 * shown at it (errors red, warnings amber) and the icons of its item adornments (data type, notes …). A row
 * subscribes to its own state only (value, hidden/required/problems in the form runtime), so typing elsewhere does not
 * render it.
 */
import { memo, useCallback, useSyncExternalStore } from 'react';
import { useIntl } from '../intl';
import type { CompiledItem, CompiledSection, FieldProblem, FormValue } from '../../engine/form/types';
import { metaText } from '../../engine/metadata/metaText';
import { inputIdOf, keepsNoValue, useEcrfEnv, type EcrfEnv } from './ecrfEnv';
import type { FieldSnapshot } from './formRuntime';
import { iconClass } from './icons';
import { fieldProblemText } from './problemText';
import { HtmlText } from './HtmlText';
import { ItemAdornments } from './ItemAdornments';
import { UnknownWidget } from './widgets/OtherWidgets';
import type { FormWidgetProps } from './widgets/types';

/**
 * Re-renders the row when the value, flags or problems of its item change: one subscription per row (its value and
 * its state notify the same listeners), read from the runtime during render.
 */
function useFieldVersion(env: EcrfEnv, variable: string): number {
  const subscribe = useCallback(
    (listener: () => void) => env.runtime.subscribe(variable, listener),
    [env, variable],
  );
  const get = useCallback(() => env.runtime.version(variable), [env, variable]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * The problems shown at an item. A row that keeps a value always has the line for them (`reserve`, ecrfStyles.ts
 * `.ecrf-problems`), so a problem coming or going as the user types does not move the rows below it.
 */
const ProblemTexts = memo(function ProblemTexts({
  id,
  problems,
  reserve,
}: {
  id: string;
  problems: readonly FieldProblem[];
  reserve: boolean;
}) {
  const intl = useIntl();
  if (problems.length === 0) return reserve ? EMPTY_PROBLEMS : null;
  return (
    <div id={id} className="ecrf-problems">
      {problems.map((problem, i) => (
        <div
          key={i}
          className={
            problem.level === 'error'
              ? 'ecrf-problem ecrf-problem-error'
              : 'ecrf-problem ecrf-problem-warning'
          }
          data-level={problem.level}
        >
          {fieldProblemText(intl, problem)}
        </div>
      ))}
    </div>
  );
});

/** The reserved, empty line of a row without problems (no component of its own: most rows of a form). */
const EMPTY_PROBLEMS = <div className="ecrf-problems" />;

interface RowFrameProps {
  item: CompiledItem;
  snap: FieldSnapshot;
  env: EcrfEnv;
  value: FormValue;
  onChange(value: FormValue): void;
  onBlur(): void;
  inputRef?: FormWidgetProps['inputRef'];
}

const noop = () => {};

/** The row's markup (a function FieldRow calls, not a component: one component less per item of a long form). */
function rowFrame({ item, snap, env, value, onChange, onBlur, inputRef = null }: RowFrameProps) {
  const { locale } = env;
  const inputId = inputIdOf(env.idPrefix, item.variable);
  const labelId = `${inputId}-label`;
  const problemsId = `${inputId}-problems`;
  const helpId = `${inputId}-help`;
  const Widget = env.widgets[item.fieldtype] ?? UnknownWidget;
  const hasProblems = snap.problems.length > 0;
  const hasError = hasProblems && snap.problems.some((p) => p.level === 'error');
  const hasWarning = !hasError && hasProblems;
  const help = item.help ? metaText(item.help, locale) : null;
  // static text, file and image slots: no value, so no adornments either
  const noValue = keepsNoValue(env.form, item);
  // a screen reader on the input hears its help and, as they come, its problems
  const describedBy =
    help !== null ? (hasProblems ? `${helpId} ${problemsId}` : helpId) : hasProblems ? problemsId : undefined;
  return (
    <div
      className={`ecrf-row${hasError ? ' ecrf-row-error' : hasWarning ? ' ecrf-row-warning' : ''}${noValue ? ' ecrf-row-static' : ''}`}
      data-variable={item.variable}
      data-testid={`ecrf-row-${item.variable}`}
    >
      <div className="ecrf-label-cell">
        <label id={labelId} htmlFor={inputId} className="ecrf-label">
          {item.labelFormat === 'html' ? (
            <HtmlText html={metaText(item.label, locale)} />
          ) : (
            metaText(item.label, locale)
          )}
        </label>
        {snap.required && (
          <span className="ecrf-required" aria-hidden="true">
            *
          </span>
        )}
        {help !== null && (
          <span
            id={helpId}
            className={`ecrf-help ${iconClass('help')}`}
            role="img"
            aria-label={help}
            title={help}
          />
        )}
      </div>
      <div className="ecrf-input-cell">
        <div className="ecrf-input-line">
          <Widget
            item={item}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            inputId={inputId}
            labelId={labelId}
            describedBy={describedBy}
            invalid={hasError}
            required={snap.required}
            // the form read only, or this item by its state from the server (`readOnly`: a frozen item)
            readOnly={
              env.readOnly ||
              (env.itemStatus?.[item.variable] as { readOnly?: unknown } | undefined)?.readOnly === true
            }
            inputRef={inputRef}
          />
          {item.unit && <span className="ecrf-unit">{metaText(item.unit, locale)}</span>}
        </div>
        {hasProblems ? (
          <ProblemTexts id={problemsId} problems={snap.problems} reserve={!noValue} />
        ) : noValue ? null : (
          EMPTY_PROBLEMS
        )}
      </div>
      {!noValue && env.adornments.length > 0 && (
        <ItemAdornments state={env.itemStatus?.[item.variable]} adornments={env.adornments} />
      )}
    </div>
  );
}

/**
 * Heights of the rows by field type as ecrfStyles.ts draws them (px, problem line included), and of a section's
 * title: what a section not laid out yet is sized from (`contain-intrinsic-size`, then the size it last had).
 */
const ROW_HEIGHT: Readonly<Record<string, number>> = {
  textarea: 97,
  mselect: 90,
  checkbox: 47,
  radio: 47,
  select: 55,
};
const DEFAULT_ROW_HEIGHT = 57;
const SECTION_TITLE_HEIGHT = 36;

const sectionHeights = new WeakMap<object, number>();

/** The estimated height of a section with all its items shown (cached per compiled section). */
export function sectionHeight(section: CompiledSection): number {
  let height = sectionHeights.get(section);
  if (height === undefined) {
    height = SECTION_TITLE_HEIGHT;
    for (const item of section.items) {
      if (!item.hidden) height += ROW_HEIGHT[item.fieldtype] ?? DEFAULT_ROW_HEIGHT;
    }
    sectionHeights.set(section, height);
  }
  return height;
}

/** A row of the form; nothing while a show rule (or the schema) hides the item. */
export const FieldRow = memo(function FieldRow({ item }: { item: CompiledItem }) {
  const env = useEcrfEnv();
  const { variable } = item;
  // the row re-renders when its item's version moves (value, flags, problems); what it draws is read below from the
  // runtime at that version. Do not memoise those reads on [env, variable] alone: they change while both stay the same
  useFieldVersion(env, variable);
  const onChange = useCallback(
    (next: FormValue) => {
      env.runtime.setValue(variable, next);
      env.changed(variable);
    },
    [env, variable],
  );
  const snap = env.runtime.snapshot(variable);
  if (snap.hidden) return null;
  if (keepsNoValue(env.form, item))
    return rowFrame({ item, snap, env, value: null, onChange: noop, onBlur: noop });
  return rowFrame({ item, snap, env, value: env.runtime.value(variable), onChange, onBlur: noop });
});
