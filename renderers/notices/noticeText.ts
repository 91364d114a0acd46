import type { IntlShape, MessageDescriptor } from '../intl';
import type { Notice } from '../../engine/ports';

/**
 * The text of a notice: the server's own `text` as is, otherwise the translation of `messageId`.
 * The id is dynamic (it comes from the engine), so the catalogue test checks it exists, not the extractor.
 */
export function noticeText(intl: IntlShape, notice: Notice): string {
  if (notice.text) return notice.text;
  if (!notice.messageId) return '';
  const descriptor: MessageDescriptor = { id: notice.messageId };
  return intl.formatMessage(descriptor, notice.values);
}
