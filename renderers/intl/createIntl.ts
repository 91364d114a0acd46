/**
 * The app's message formatting, without react-intl (issue 11: react-intl with `@formatjs/intl` and their helpers were
 * ≈ 9 KB gzip of the boot chunk every page loads, for the three calls the app makes). The same contract as
 * react-intl's `createIntl` for what the app uses: `formatMessage` (ICU messages through the app's own formatter,
 * formatAst.ts; a missing id falls back to its default message or to the id itself and is reported), `formatDate`,
 * `formatNumber`. Pure: no React, no DOM. Each message's formatter is made once per instance and id.
 *
 * Messages come as ICU text (tests, the dev server, Storybook: parsed here, once per id) or already parsed (the
 * production build precompiles the catalogues and leaves the parser out, see src/i18n/buildPlugin.ts).
 */
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { dateTimeFormat, formatAst, numberFormat, type MessageValues } from './formatAst';

export type { MessageFormatElement, MessageValues };

/** A message id with an optional default text (react-intl's descriptor). */
export interface MessageDescriptor {
  id?: string;
  defaultMessage?: string | MessageFormatElement[];
  description?: string | object;
}

/** id → ICU text (tests, dev server) or → its parsed AST (the production build precompiles the catalogues). */
export type IntlMessages = Record<string, string | MessageFormatElement[]>;

/** Why a message could not be shown as written; the message falls back (see `formatMessage`). */
export class IntlError extends Error {
  override readonly name = 'IntlError';
  constructor(
    readonly code: 'MISSING_TRANSLATION' | 'FORMAT_ERROR',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface IntlConfig {
  locale: string;
  messages?: IntlMessages;
  /** The locale whose default messages are written in the code (no report when they are shown in it). */
  defaultLocale?: string;
  /** Told about a missing message or a failed format; by default `console.error` outside production. */
  onError?(error: IntlError): void;
}

/** A value of a message's argument: text, a number, or an element (a React node) placed in the message. */
type PrimitiveType = string | number | bigint | boolean | null | undefined | Date;
type RichValues<T> = Record<string, PrimitiveType | T>;

/** A message's formatter (made once per instance and id): the message with these values. */
export interface MessageFormat {
  format(values?: MessageValues): unknown;
}

export interface IntlShape {
  readonly locale: string;
  readonly defaultLocale: string;
  readonly messages: IntlMessages;
  /** The message's text with its values; a missing message shows its default text, or its id. */
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, PrimitiveType>): string;
  /** With values that are not text (elements): the formatted parts. */
  formatMessage<T>(descriptor: MessageDescriptor, values?: RichValues<T>): string | T | (string | T)[];
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string;
  /** The message's formatter, made once per instance and id (undefined when the id has no usable message). */
  messageFormat(id: string): MessageFormat | undefined;
}

function defaultOnError(error: IntlError): void {
  if (!import.meta.env.PROD) console.error(error);
}

/** A message that is one piece of text (most of them): shown without a formatter. */
function plainText(message: string | MessageFormatElement[]): string | undefined {
  if (typeof message === 'string') return /[{}<']/.test(message) ? undefined : message;
  if (message.length === 0) return '';
  const only = message[0];
  return message.length === 1 && only !== undefined && only.type === 0 ? only.value : undefined;
}

export function createIntl(config: IntlConfig): IntlShape {
  const { locale } = config;
  const defaultLocale = config.defaultLocale ?? 'zh-CN';
  const messages: IntlMessages = config.messages ?? {};
  const onError = config.onError ?? defaultOnError;
  const formats = new Map<string, MessageFormat | null>();
  const own = (id: string) => (Object.prototype.hasOwnProperty.call(messages, id) ? messages[id] : undefined);

  /** Parses a message written as ICU text (throws where the build left the parser out: its messages come parsed). */
  function make(message: string | MessageFormatElement[], tag: string): MessageFormat {
    if (typeof message === 'string') {
      const text = plainText(message);
      if (text !== undefined) return { format: () => text };
      message = parse(message);
    }
    const ast = message;
    return { format: (values) => formatAst(ast, tag, values) };
  }

  function messageFormat(id: string): MessageFormat | undefined {
    let made = formats.get(id);
    if (made === undefined) {
      const message = own(id);
      made = null;
      if (message !== undefined && message !== '') {
        try {
          made = make(message, locale);
        } catch (cause) {
          onError(new IntlError('FORMAT_ERROR', `message "${id}" cannot be parsed`, { cause }));
        }
      }
      formats.set(id, made);
    }
    return made ?? undefined;
  }

  function fallback(descriptor: MessageDescriptor, values: object | undefined): unknown {
    const { id = '', defaultMessage } = descriptor;
    if (!defaultMessage || locale.toLowerCase() !== defaultLocale.toLowerCase())
      onError(new IntlError('MISSING_TRANSLATION', `missing message "${id}" for locale ${locale}`));
    if (!defaultMessage) return id;
    try {
      return make(defaultMessage, defaultLocale).format(values as MessageValues);
    } catch (cause) {
      onError(new IntlError('FORMAT_ERROR', `default message of "${id}" cannot be formatted`, { cause }));
      return typeof defaultMessage === 'string' ? defaultMessage : id;
    }
  }

  function formatMessage(descriptor: MessageDescriptor, values?: object): unknown {
    const id = descriptor.id ?? '';
    const message = own(id);
    if (message !== undefined && values === undefined) {
      const text = plainText(message);
      if (text !== undefined) return text;
    }
    if (message === '') return ''; // a message written empty on purpose (react-intl shows it empty too)
    const format = messageFormat(id);
    if (!format) {
      // a message that cannot be parsed was reported when its formatter was made: shown as written
      if (message !== undefined) return typeof message === 'string' ? message : id;
      return fallback(descriptor, values);
    }
    try {
      return format.format(values as MessageValues);
    } catch (cause) {
      onError(new IntlError('FORMAT_ERROR', `message "${id}" cannot be formatted`, { cause }));
      return typeof message === 'string' ? message : id;
    }
  }

  return {
    locale,
    defaultLocale,
    messages,
    formatMessage: formatMessage as IntlShape['formatMessage'],
    formatDate(value, options) {
      const date = typeof value === 'string' ? new Date(value) : value;
      try {
        return dateTimeFormat(locale, options).format(date);
      } catch (cause) {
        onError(new IntlError('FORMAT_ERROR', 'date cannot be formatted', { cause }));
        return String(date);
      }
    },
    formatNumber(value, options) {
      try {
        return numberFormat(locale, options).format(value);
      } catch (cause) {
        onError(new IntlError('FORMAT_ERROR', 'number cannot be formatted', { cause }));
        return String(value);
      }
    },
    messageFormat,
  };
}

/** Message descriptors declared together (identity; the extraction check reads them). */
export function defineMessages<K extends string, T extends MessageDescriptor>(
  messages: Record<K, T>,
): Record<K, T> {
  return messages;
}
