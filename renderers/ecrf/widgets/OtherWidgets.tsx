/** Widgets without input: calculated values, static text, and the upload slot of file and image items. */
import { memo, type Ref } from 'react';
import { FormattedMessage } from '../../intl';
import { metaText } from '../../../engine/metadata/metaText';
import { useEcrfEnv } from '../ecrfEnv';
import type { FormWidgetProps } from './types';

/** The computed value, read-only (the form recomputes it whenever an item its formula reads changes). */
export const CalculatedWidget = memo(function CalculatedWidget(props: FormWidgetProps) {
  const text = typeof props.value === 'string' ? props.value : '';
  return (
    <output
      ref={props.inputRef as Ref<HTMLOutputElement>}
      id={props.inputId}
      className="ecrf-calculated"
      aria-describedby={props.describedBy}
      data-testid={`ecrf-calc-${props.item.variable}`}
      tabIndex={-1}
    >
      {text === '' ? '—' : text}
    </output>
  );
});

export const StaticWidget = memo(function StaticWidget(props: FormWidgetProps) {
  const { locale } = useEcrfEnv();
  return (
    <div id={props.inputId} className="ecrf-static">
      {props.item.text ? metaText(props.item.text, locale) : null}
    </div>
  );
});

/** file / image: the slot the upload will take (no value is saved yet). */
export const UploadSlotWidget = memo(function UploadSlotWidget(props: FormWidgetProps) {
  return (
    <div id={props.inputId} className="ecrf-upload-slot" aria-disabled="true">
      <FormattedMessage id="ecrf.upload.later" />
    </div>
  );
});

/** A field type no widget is registered for: said in place, the rest of the form keeps working. */
export const UnknownWidget = memo(function UnknownWidget(props: FormWidgetProps) {
  return (
    <div id={props.inputId} className="ecrf-note ecrf-error-text">
      <FormattedMessage id="ecrf.unknownFieldType" values={{ fieldtype: props.item.fieldtype }} />
    </div>
  );
});
