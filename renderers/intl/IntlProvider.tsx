/**
 * The app's messages for React (in place of react-intl's provider, hook and component; see createIntl.ts): one
 * `IntlShape` per locale and catalogue, given to the tree below.
 */
import {
  Children,
  createContext,
  Fragment,
  memo,
  useContext,
  useMemo,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  createIntl as createPlainIntl,
  type IntlConfig,
  type IntlShape,
  type MessageDescriptor,
} from './createIntl';

const IntlContext = createContext<IntlShape | null>(null);

/**
 * `createIntl` for React: a message formatted with elements among its values gives its parts with keys, ready to be
 * drawn as children (react-intl did the same).
 */
export function createIntl(config: IntlConfig): IntlShape {
  const plain = createPlainIntl(config);
  const formatMessage = (descriptor: MessageDescriptor, values?: object) => {
    const formatted: unknown = plain.formatMessage(descriptor, values as Record<string, string>);
    return Array.isArray(formatted) ? Children.toArray(formatted as ReactNode[]) : formatted;
  };
  return { ...plain, formatMessage: formatMessage as IntlShape['formatMessage'] };
}

export function IntlProvider({
  locale,
  messages,
  defaultLocale,
  onError,
  children,
}: IntlConfig & { children?: ReactNode }) {
  const intl = useMemo(
    () => createIntl({ locale, messages, defaultLocale, onError }),
    [locale, messages, defaultLocale, onError],
  );
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

/** The messages of the nearest `IntlProvider`; a component outside one is a programming error. */
export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl: no IntlProvider above this component');
  return intl;
}

/** Values of a message's arguments: text, numbers, or elements placed in the message. */
type Values = Record<string, ReactNode | bigint | Date>;

export interface FormattedMessageProps extends MessageDescriptor {
  values?: Values;
  children?(nodes: ReactNode[]): ReactElement | null;
}

function sameValues(a: Values | undefined, b: Values | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

function FormattedMessageOf({ id, defaultMessage, description, values, children }: FormattedMessageProps) {
  const intl = useIntl();
  const nodes = intl.formatMessage<ReactNode>({ id, defaultMessage, description }, values) as ReactNode;
  if (children) return children(Array.isArray(nodes) ? nodes : [nodes]);
  return <Fragment>{nodes}</Fragment>;
}

/** A message as text in the tree; drawn again only when its id, default or values change. */
export const FormattedMessage = memo(
  FormattedMessageOf,
  (a, b) =>
    a.id === b.id &&
    a.defaultMessage === b.defaultMessage &&
    a.children === b.children &&
    sameValues(a.values, b.values),
);
