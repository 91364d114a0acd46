import { useIntl, type MessageDescriptor } from '../intl';

/**
 * The text of a catalogue key named by a screen config (title, action label). The id is dynamic, so the catalogue
 * test checks the config's keys exist, not the extractor.
 */
export function ConfigText({ id }: { id: string }) {
  const intl = useIntl();
  const descriptor: MessageDescriptor = { id };
  return <>{intl.formatMessage(descriptor)}</>;
}
