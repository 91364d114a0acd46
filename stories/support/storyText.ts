/**
 * Texts for play functions: what a catalogue message or a metadata label shows, in either UI language (the story
 * may run with the locale toolbar on zh_CN or en), as a RegExp to find it by.
 */
import { createIntl, type MessageDescriptor } from '../../renderers/intl';
import type { MetaText, MetadataIssue } from '../../engine/metadata/types';
import { issueText } from '../../renderers/search/metadataText';
import { ALL_MESSAGES } from '../../src/i18n/allMessages';

const intls = [
  createIntl({ locale: 'zh-CN', messages: ALL_MESSAGES.zh_CN }),
  createIntl({ locale: 'en', messages: ALL_MESSAGES.en }),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts of a message id in both languages. */
export function messageTexts(id: string, values?: Record<string, string | number>): string[] {
  const descriptor: MessageDescriptor = { id };
  return intls.map((intl) => intl.formatMessage(descriptor, values));
}

/** A message id as it shows in either language; `exact` anchors it (a label, a button name). */
export function msg(id: string, values?: Record<string, string | number>, exact = false): RegExp {
  const alternatives = messageTexts(id, values).map(escape).join('|');
  return new RegExp(exact ? `^(${alternatives})$` : alternatives);
}

/** A metadata label (one text, or one per locale) in either language, anchored. */
export function label(text: MetaText): RegExp {
  const texts = typeof text === 'string' ? [text] : [text.zh_CN, text.en];
  return new RegExp(`^(${texts.map(escape).join('|')})$`);
}

/** A metadata issue as the renderers show it (nested `meta.expected.*` texts translated), in either language. */
export function issueMsg(issue: MetadataIssue): RegExp {
  return new RegExp(intls.map((intl) => escape(issueText(intl, issue))).join('|'));
}
