import { describe, expect, it } from 'vitest';
import { mergeProblems, warningsOf } from './mergeProblems';
import type { FormProblems } from './types';

const soft = { level: 'warning' as const, messageId: 'form.softRange', values: { min: 60, max: 100 } };
const rule = { level: 'warning' as const, messageId: 'rule.check', ruleId: 'BP1' };
const hard = { level: 'error' as const, messageId: 'form.hardRange' };

describe('mergeProblems', () => {
  it('lists a problem both judges found once, and keeps what only one found', () => {
    const browser: FormProblems = { PULSE: [soft] };
    const server: FormProblems = { PULSE: [{ ...soft, values: { min: 60, max: 100 } }], SYSBP: [rule] };
    expect(mergeProblems(browser, server)).toEqual({ PULSE: [soft], SYSBP: [rule] });
  });

  it('keeps problems that differ in level, rule or values apart', () => {
    const merged = mergeProblems({ A: [soft] }, { A: [{ ...soft, values: { min: 50, max: 100 } }, hard] });
    expect(merged.A).toHaveLength(3);
  });

  it('warningsOf drops errors and variables left without warnings', () => {
    expect(warningsOf({ A: [soft, hard], B: [hard] })).toEqual({ A: [soft] });
  });
});
