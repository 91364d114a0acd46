/**
 * Choice widgets: radio buttons, checkboxes, a select and a multi-select, all native (styled once by the form).
 * Options are inline (`selector`) or come from a code list through the app's shared code-list cache.
 */
import { memo, useMemo, type ChangeEvent, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CompiledItem } from '../../../engine/form/types';
import { metaText } from '../../../engine/metadata/metaText';
import type { CodeOption } from '../../../engine/metadata/types';
import { useFieldOptions, type OptionsState } from '../../search/codeLists';
import { useEngineLocale } from '../../search/metadataText';
import type { FormWidgetProps } from './types';

const NO_OPTIONS: readonly CodeOption[] = [];

function useItemOptions(item: CompiledItem): OptionsState {
  return useFieldOptions(item);
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

export const RadioWidget = memo(function RadioWidget(props: FormWidgetProps) {
  const { item, value, onChange, onBlur, inputId, labelId, describedBy, invalid, readOnly } = props;
  const state = useItemOptions(item);
  const locale = useEngineLocale();
  const intl = useIntl();
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
          aria-label={intl.formatMessage({ id: 'ecrf.clearValue' })}
          onClick={() => onChange(null)}
        >
          <FormattedMessage id="ecrf.clear" />
        </button>
      )}
      <OptionsStatus state={state} />
    </div>
  );
});

export const CheckboxWidget = memo(function CheckboxWidget(props: FormWidgetProps) {
  const { item, value, onChange, onBlur, inputId, labelId, describedBy, invalid, readOnly } = props;
  const state = useItemOptions(item);
  const locale = useEngineLocale();
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
      <OptionsStatus state={state} />
    </div>
  );
});

export const SelectWidget = memo(function SelectWidget(props: FormWidgetProps) {
  const { item, value, onChange, onBlur, inputId, describedBy, invalid, readOnly } = props;
  const state = useItemOptions(item);
  const locale = useEngineLocale();
  const intl = useIntl();
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
        <option value="">{intl.formatMessage({ id: 'ecrf.select.empty' })}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {metaText(option.label, locale)}
          </option>
        ))}
        {unknown && <option value={current}>{current}</option>}
      </select>
      <OptionsStatus state={state} />
    </span>
  );
});

export const MultiSelectWidget = memo(function MultiSelectWidget(props: FormWidgetProps) {
  const { item, value, onChange, onBlur, inputId, describedBy, invalid, readOnly } = props;
  const state = useItemOptions(item);
  const locale = useEngineLocale();
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
      <OptionsStatus state={state} />
    </span>
  );
});
