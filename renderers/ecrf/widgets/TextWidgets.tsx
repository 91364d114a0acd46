/** Text-like widgets: native inputs styled once by the form (light enough for 1,000 items). */
import { memo, type Ref } from 'react';
import { limitChange } from '../../../engine/input/textLimit';
import { metaText } from '../../../engine/metadata/metaText';
import { LimitHint, limitHintShown, useTextLimit } from '../../form/LimitHint';
import { useEcrfEnv } from '../ecrfEnv';
import { SuggestionList, useInputAssist } from './inputAssist';
import { DateCalendarKeys } from './DateCalendar';
import { fromText, textOf, type FormWidgetProps } from './types';

function common(props: FormWidgetProps) {
  return {
    id: props.inputId,
    name: props.item.variable,
    'aria-invalid': props.invalid || undefined,
    'aria-required': props.required || undefined,
    'aria-describedby': props.describedBy,
    readOnly: props.readOnly || props.item.readonly,
    onBlur: props.onBlur,
  };
}

type InputProps = FormWidgetProps & {
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  /** id of a datalist of suggestions. */
  list?: string;
  /** Told about each typed text after the form got it. */
  onTyped?(text: string): void;
  /** Text items: at most this many characters (typing past it is cut), with a warning at the limit (§5). */
  maxLength?: number;
};

/** A text item's limit: its `length`, else the session's (TextLimitContext, from the form's FormContext). */
function useItemLimit(props: FormWidgetProps): number | undefined {
  const sessionLimit = useTextLimit();
  if (props.readOnly || props.item.readonly) return undefined;
  return props.item.maxLength ?? sessionLimit;
}

/** The limit warning's id while it shows, added to the input's description. */
/** The length-limit warning under a text or textarea item (only drawn at the limit: `limitHintShown`). */
function itemLimitHint(inputId: string, text: string, maxLength: number | undefined) {
  return (
    <LimitHint
      id={`${inputId}-limit`}
      text={text}
      max={maxLength}
      className="ecrf-problem ecrf-problem-warning"
    />
  );
}

function describedWithLimit(props: InputProps, text: string): string | undefined {
  const hint = limitHintShown(text, props.maxLength) ? `${props.inputId}-limit` : null;
  return [props.describedBy, hint].filter(Boolean).join(' ') || undefined;
}

/**
 * A one-line input and its limit warning: drawn by the widgets themselves (a function, not a component of its own —
 * one component less per item of a long form).
 */
function lineInput(props: InputProps) {
  const text = textOf(props.value);
  const { maxLength } = props;
  const hint = limitHintShown(text, maxLength);
  return (
    <>
      <input
        {...common(props)}
        aria-describedby={hint ? describedWithLimit(props, text) : props.describedBy}
        maxLength={maxLength}
        ref={props.inputRef as Ref<HTMLInputElement>}
        className="ecrf-input"
        type="text"
        autoComplete="off"
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        list={props.list}
        value={text}
        onChange={(event) => {
          const next =
            maxLength === undefined ? event.target.value : limitChange(text, event.target.value, maxLength);
          props.onChange(fromText(next));
          props.onTyped?.(next);
        }}
      />
      {hint && itemLimitHint(props.inputId, text, maxLength)}
    </>
  );
}

/** A text item with `inputAssist`: earlier values of the study offered while typing (editable forms only). */
const AssistedTextInput = memo(function AssistedTextInput(props: InputProps) {
  const { locale } = useEcrfEnv();
  const assist = useInputAssist(props.item, props.inputId, !props.readOnly && !props.item.readonly);
  return (
    <>
      {lineInput({ ...props, list: assist.listId, onTyped: assist.typed })}
      {assist.listId !== undefined && (
        <SuggestionList id={assist.listId} suggestions={assist.suggestions} locale={locale} />
      )}
    </>
  );
});

export const TextWidget = memo(function TextWidget(props: FormWidgetProps) {
  const maxLength = useItemLimit(props);
  return props.item.inputAssist ? (
    <AssistedTextInput {...props} maxLength={maxLength} />
  ) : (
    lineInput({ ...props, maxLength })
  );
});

export const TextareaWidget = memo(function TextareaWidget(props: FormWidgetProps) {
  const maxLength = useItemLimit(props);
  const text = textOf(props.value);
  const hint = limitHintShown(text, maxLength);
  return (
    <>
      <textarea
        {...common(props)}
        aria-describedby={hint ? describedWithLimit({ ...props, maxLength }, text) : props.describedBy}
        maxLength={maxLength}
        ref={props.inputRef as Ref<HTMLTextAreaElement>}
        className="ecrf-input ecrf-textarea"
        rows={3}
        value={text}
        onChange={(event) => {
          const next =
            maxLength === undefined ? event.target.value : limitChange(text, event.target.value, maxLength);
          props.onChange(fromText(next));
        }}
      />
      {hint && itemLimitHint(props.inputId, text, maxLength)}
    </>
  );
});

export const IntegerWidget = memo(function IntegerWidget(props: FormWidgetProps) {
  return lineInput({ ...props, inputMode: 'numeric' });
});

export const DecimalWidget = memo(function DecimalWidget(props: FormWidgetProps) {
  return lineInput({ ...props, inputMode: 'decimal' });
});

/**
 * The next step of a partial date towards unknown parts: day unknown (`2024-03-UK`), then month and day unknown
 * (`2024-UK-UK`); null when the text has no year to keep.
 */
export function withUnknownPart(text: string): string | null {
  const m = /^(\d{4})(?:-(\d{1,2}|UK)?(?:-.*)?)?$/.exec(text.trim());
  if (!m) return null;
  const [, year, month] = m;
  if (month === undefined || month === 'UK' || /-UK$/.test(text.trim())) return `${year}-UK-UK`;
  return `${year}-${month.padStart(2, '0')}-UK`;
}

export const DateWidget = memo(function DateWidget(props: FormWidgetProps) {
  const { locale, texts } = useEcrfEnv();
  const { item, value, onChange, readOnly } = props;
  const next = item.partial && !readOnly && !item.readonly ? withUnknownPart(textOf(value)) : null;
  return (
    <DateCalendarKeys {...props} mode="date">
      {lineInput({
        ...props,
        placeholder: item.partial ? texts.placeholder.partialDate : texts.placeholder.date,
      })}
      {item.partial && !readOnly && !item.readonly && (
        <button
          type="button"
          className="ecrf-link"
          disabled={next === null || next === value}
          // named after its item (the visible "UK" first, for voice control), described by what a click does
          aria-label={texts.unknownPartName(metaText(item.label, locale))}
          title={texts.unknownPartHelp}
          onClick={() => next !== null && onChange(next)}
        >
          UK
        </button>
      )}
    </DateCalendarKeys>
  );
});

export const TimeWidget = memo(function TimeWidget(props: FormWidgetProps) {
  const { texts } = useEcrfEnv();
  return lineInput({ ...props, placeholder: texts.placeholder.time });
});

export const DateTimeWidget = memo(function DateTimeWidget(props: FormWidgetProps) {
  const { texts } = useEcrfEnv();
  return (
    <DateCalendarKeys {...props} mode="datetime">
      {lineInput({ ...props, placeholder: texts.placeholder.datetime })}
    </DateCalendarKeys>
  );
});
