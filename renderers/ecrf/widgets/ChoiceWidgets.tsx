/**
 * Choice widgets: radio buttons, checkboxes, a select and a multi-select, all native (styled once by the form).
 * Options are inline (`selector`) or come from a code list through the app's shared code-list cache.
 */
import { memo, useMemo, type ChangeEvent, type ComponentType, type Ref } from 'react';
import { FormattedMessage } from '../../intl';
import type { CompiledItem } from '../../../engine/form/types';
import { metaText } from '../../../engine/metadata/metaText';
import type { CodeOption } from '../../../engine/metadata/types';
import { useFieldOptions, type OptionsState } from '../../search/codeLists';
import { useEcrfEnv } from '../ecrfEnv';
import type { FormWidgetProps } from './types';

const NO_OPTIONS: readonly CodeOption[] = [];

type ChoiceProps = FormWidgetProps & { state: OptionsState };

const readyStates = new WeakMap<CompiledItem, OptionsState>();

/** The options of an item that has them inline (or has none): ready at once, one object per compiled item. */
function inlineOptions(item: CompiledItem): OptionsState {
  let state = readyStates.get(item);
  if (!state) {
    state = { status: 'ready', options: item.options ?? NO_OPTIONS };
    readyStates.set(item, state);
  }
  return state;
}

/**
 * A choice widget from its drawing: items with inline options draw at once; only items naming a code list go
 * through the code-list cache (its loading state, its request), so the many inline choices of a long form mount no
 * hooks for it.
 */
function choiceWidget(name: string, Draw: ComponentType<ChoiceProps>) {
  function WithCodeList(props: FormWidgetProps) {
    return <Draw {...props} state={useFieldOptions(props.item)} />;
  }
  WithCodeList.displayName = `${name}CodeList`;
  const Widget = memo(function ChoiceWidget(props: FormWidgetProps) {
    const { item } = props;
    return item.options || !item.codelisttype ? (
      <Draw {...props} state={inlineOptions(item)} />
    ) : (
      <WithCodeList {...props} />
    );
  });
  Widget.displayName = name;
  return Widget;
}

function OptionsStatus({ state }: { state: OptionsState }) {
  if (state.status === 'loading')
    return (
      <span className="ecrf-note">
        <FormattedMessage id="ecrf.options.loading" />
      </span>
    );
  if (state.status === 'error')
    return (
      <span className="ecrf-note ecrf-error-text">
        <FormattedMessage id="ecrf.options.failed" />{' '}
        <button type="button" className="ecrf-link" onClick={state.retry}>
          <FormattedMessage id="ecrf.options.retry" />
        </button>
      </span>
    );
  return null;
}

const optionsOf = (state: OptionsState) => (state.status === 'ready' ? state.options : NO_OPTIONS);

/** The checked codes in option order (unknown codes kept at the end, so nothing typed is lost). */
function inOptionOrder(codes: readonly string[], options: readonly CodeOption[]): string[] {
  const known = options.filter((o) => codes.includes(o.value)).map((o) => o.value);
  return [...known, ...codes.filter((c) => !options.some((o) => o.value === c))];
}

const listOf = (value: FormWidgetProps['value']): readonly string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];

function RadioChoices(props: ChoiceProps) {
  const { item, value, onChange, onBlur, inputId, labelId, describedBy, invalid, readOnly, state } = props;
  const { locale, texts } = useEcrfEnv();
  const disabled = readOnly || item.readonly;
  const current = typeof value === 'string' ? value : null;
  return (
    <div
      id={inputId}
      className="ecrf-choices"
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={props.required || undefined}
    >
      {optionsOf(state).map((option, i) => (
        <label key={option.value} className="ecrf-choice">
          <input
            ref={i === 0 ? (props.inputRef as Ref<HTMLInputElement>) : undefined}
            type="radio"
            name={`${inputId}-radio`}
            value={option.value}
            checked={current === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
            onBlur={onBlur}
          />
          {metaText(option.label, locale)}
        </label>
      ))}
      {current !== null && !disabled && (
        <button
          type="button"
          className="ecrf-link"
          aria-label={texts.clearValue}
          onClick={() => onChange(null)}
        >
          {texts.clear}
        </button>
      )}
      {state.status !== 'ready' && <OptionsStatus state={state} />}
    </div>
  );
}

export const RadioWidget = choiceWidget('RadioWidget', RadioChoices);

function CheckboxChoices(props: ChoiceProps) {
  const { item, value, onChange, onBlur, inputId, labelId, describedBy, invalid, readOnly, state } = props;
  const { locale } = useEcrfEnv();
  const options = optionsOf(state);
  const checked = listOf(value);
  const disabled = readOnly || item.readonly;
  const toggle = (code: string, on: boolean) => {
    const next = on ? [...checked.filter((c) => c !== code), code] : checked.filter((c) => c !== code);
    onChange(next.length === 0 ? null : inOptionOrder(next, options));
  };
  return (
    <div
      id={inputId}
      className="ecrf-choices"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    >
      {options.map((option, i) => (
        <label key={option.value} className="ecrf-choice">
          <input
            ref={i === 0 ? (props.inputRef as Ref<HTMLInputElement>) : undefined}
            type="checkbox"
            value={option.value}
            checked={checked.includes(option.value)}
            disabled={disabled}
            onChange={(event) => toggle(option.value, event.target.checked)}
            onBlur={onBlur}
          />
          {metaText(option.label, locale)}
        </label>
      ))}
      {state.status !== 'ready' && <OptionsStatus state={state} />}
    </div>
  );
}

export const CheckboxWidget = choiceWidget('CheckboxWidget', CheckboxChoices);

function SelectChoices(props: ChoiceProps) {
  const { item, value, onChange, onBlur, inputId, describedBy, invalid, readOnly, state } = props;
  const { locale, texts } = useEcrfEnv();
  const options = optionsOf(state);
  const current = typeof value === 'string' ? value : '';
  const unknown = current !== '' && !options.some((o) => o.value === current);
  return (
    <span className="ecrf-select-wrap">
      <select
        ref={props.inputRef as Ref<HTMLSelectElement>}
        id={inputId}
        name={item.variable}
        className="ecrf-input ecrf-select"
        value={current}
        disabled={readOnly || item.readonly}
        aria-invalid={invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{texts.selectEmpty}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {metaText(option.label, locale)}
          </option>
        ))}
        {unknown && <option value={current}>{current}</option>}
      </select>
      {state.status !== 'ready' && <OptionsStatus state={state} />}
    </span>
  );
}

export const SelectWidget = choiceWidget('SelectWidget', SelectChoices);

function MultiSelectChoices(props: ChoiceProps) {
  const { item, value, onChange, onBlur, inputId, describedBy, invalid, readOnly, state } = props;
  const { locale } = useEcrfEnv();
  const options = optionsOf(state);
  const selected = useMemo(() => [...listOf(value)], [value]);
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const codes = [...event.target.selectedOptions].map((o) => o.value);
    onChange(codes.length === 0 ? null : inOptionOrder(codes, options));
  };
  return (
    <span className="ecrf-select-wrap">
      <select
        ref={props.inputRef as Ref<HTMLSelectElement>}
        id={inputId}
        name={item.variable}
        multiple
        size={Math.min(Math.max(options.length, 2), 6)}
        className="ecrf-input ecrf-select"
        value={selected}
        disabled={readOnly || item.readonly}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={change}
        onBlur={onBlur}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {metaText(option.label, locale)}
          </option>
        ))}
      </select>
      {state.status !== 'ready' && <OptionsStatus state={state} />}
    </span>
  );
}

export const MultiSelectWidget = choiceWidget('MultiSelectWidget', MultiSelectChoices);
