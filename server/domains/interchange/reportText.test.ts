/**
 * The terminal's import report (npm run import) says what the page says: the outcomes in three words (faithful /
 * approximated / not supported, engine/interchange/outcomes.ts) in the chosen language, then the issues and forms.
 */
import { describe, expect, it } from 'vitest';
import { interchangeFixtures as fx } from '../../../fixtures/interchange';
import { reportText } from './reportText';

const report = fx.interchangeAssessErrors.data;

describe('reportText', () => {
  it('prints the outcomes line in English', () => {
    const lines = reportText(
      { ...report, outcomes: { ...report.outcomes, approximated: 2, notes: 1 } },
      'en',
    );
    expect(lines[2]).toBe('outcomes: 4 of 4 items faithful, 2 approximated, 1 not supported, 1 notes');
    expect(lines).toContain('issues:');
  });

  it('prints the outcomes line in Chinese', () => {
    expect(reportText(report, 'zh_CN')[2]).toBe(
      '结果: 4 个条目中 4 个如实导入，近似 0 处，不支持 1 处，提示 0 条',
    );
  });
});
