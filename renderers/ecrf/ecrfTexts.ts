/**
 * The UI texts the rows and widgets of a form repeat (placeholders, button names and titles), translated once per
 * react-intl instance instead of once per item: a 500-item form asked react-intl for them ≈ 2,000 times per mount
 * (`useIntl` per widget, `formatMessage` per date, select and radio item). Rows and widgets read them, with the UI
 * language, from the form's EcrfEnv (one context read per row).
 */
import type { IntlShape } from '../intl';
import { formatCached } from './cachedMessage';

export interface EcrfTexts {
  placeholder: { date: string; partialDate: string; time: string; datetime: string };
  /** The calendar button's title (how to use it by keyboard). */
  calendarHelp: string;
  /** The calendar button's name: "Open the calendar of {label}". */
  calendarOpen(label: string): string;
  /** The partial date's "UK" button: its name ("UK: mark unknown parts of {label}") and title. */
  unknownPartName(label: string): string;
  unknownPartHelp: string;
  /** The empty option of a select. */
  selectEmpty: string;
  /** A radio group's clear button: its name and visible text. */
  clearValue: string;
  clear: string;
}

const byIntl = new WeakMap<IntlShape, EcrfTexts>();

/** The texts in the language of `intl` (made once per react-intl instance). */
export function ecrfTexts(intl: IntlShape): EcrfTexts {
  let texts = byIntl.get(intl);
  if (!texts) {
    const t = (id: string) => intl.formatMessage({ id });
    texts = {
      placeholder: {
        date: t('ecrf.placeholder.date'),
        partialDate: t('ecrf.placeholder.partialDate'),
        time: t('ecrf.placeholder.time'),
        datetime: t('ecrf.placeholder.datetime'),
      },
      calendarHelp: t('ecrf.calendar.help'),
      calendarOpen: (label) => formatCached(intl, 'ecrf.calendar.open', { label }),
      unknownPartName: (label) => formatCached(intl, 'ecrf.unknownPart.name', { label }),
      unknownPartHelp: t('ecrf.unknownPart.help'),
      selectEmpty: t('ecrf.select.empty'),
      clearValue: t('ecrf.clearValue'),
      clear: t('ecrf.clear'),
    };
    byIntl.set(intl, texts);
  }
  return texts;
}
