export {
  defineMessages,
  IntlError,
  type IntlConfig,
  type IntlMessages,
  type IntlShape,
  type MessageDescriptor,
  type MessageFormatElement,
} from './createIntl';
export {
  createIntl,
  FormattedMessage,
  IntlProvider,
  useIntl,
  type FormattedMessageProps,
} from './IntlProvider';
export {
  LaterMessagesContext,
  useLaterMessages,
  usePrefetchLaterMessages,
  type LaterMessages,
} from './laterMessages';
