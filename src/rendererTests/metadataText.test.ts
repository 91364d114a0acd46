import { createIntl } from '../../renderers/intl';
import { describe, expect, it } from 'vitest';
import { defaultFieldTypes } from '../../engine/fieldTypes/registry';
import { parseColumns } from '../../engine/metadata/parseColumns';
import { parseSearchFields } from '../../engine/metadata/parseSearchFields';
import type { MetadataIssue } from '../../engine/metadata/types';
import { issueText } from '../../renderers/search/metadataText';
import { ALL_MESSAGES } from '../i18n/allMessages';

const intl = (locale: 'zh_CN' | 'en') =>
  createIntl({ locale: locale === 'zh_CN' ? 'zh-CN' : 'en', messages: ALL_MESSAGES[locale] });

function firstIssue(issues: readonly MetadataIssue[]): MetadataIssue {
  expect(issues.length).toBeGreaterThan(0);
  return issues[0]!;
}

describe('issue texts of bad definitions', () => {
  it('translate what a field should have been, with no English left in Chinese', () => {
    const issue = firstIssue(
      parseColumns([{ prop: 'age', label: '年龄', width: 'wide' }], defaultFieldTypes()).issues,
    );
    expect(issueText(intl('zh_CN'), issue)).toBe('columns[0]（age）："width" 应为数字');
    expect(issueText(intl('en'), issue)).toBe('columns[0] (age): "width" must be a number');
  });

  it('translate why an initial value cannot be read', () => {
    const raw = [{ innerid: 'd', prop: 'visit', fieldname: '访视', fieldtype: 'date', value: '2026/01/01' }];
    const issue = firstIssue(parseSearchFields(raw, defaultFieldTypes()).issues);
    expect(issueText(intl('zh_CN'), issue)).toContain('不是 yyyy-MM-dd 日期');
    expect(issueText(intl('en'), issue)).toContain('not a yyyy-MM-dd date');
  });

  it('fill the names of a nested text (the registered field types)', () => {
    const raw = [{ innerid: 'w', prop: 'weight', fieldname: '体重', fieldtype: 'decimal' }];
    const issue = firstIssue(parseSearchFields(raw, defaultFieldTypes()).issues);
    expect(issueText(intl('en'), issue)).not.toMatch(/meta\.expected/);
  });
});
