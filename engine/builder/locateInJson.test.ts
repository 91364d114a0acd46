import { describe, expect, it } from 'vitest';
import { compileForm } from '../form/compile/compileForm';
import { vitalSigns } from '../form/testForms';
import { locateInJson, pathSegments } from './locateInJson';

describe('locateInJson', () => {
  const text = JSON.stringify(vitalSigns(), null, 2);

  it('reads paths', () => {
    expect(pathSegments('sections[1].items[3].fieldtype')).toEqual(['sections', 1, 'items', 3, 'fieldtype']);
    expect(pathSegments('')).toEqual([]);
  });

  it('finds the value at an issue path', () => {
    const range = locateInJson(text, 'sections[0].items[2].fieldtype')!;
    expect(text.slice(range.from, range.to)).toBe('"integer"');
    expect(range.exact).toBe(true);
    expect(text.slice(range.from - 13, range.from)).toBe('"fieldtype": ');
  });

  it('finds the characters of a span inside a rule expression, escapes counted as written', () => {
    const raw = vitalSigns();
    raw.rules![0]!.expr = '[PERF] = "N" and [NOPE] = 1';
    const edited = JSON.stringify(raw, null, 2);
    const result = compileForm(raw);
    const issue = result.ok ? undefined : result.issues.find((i) => i.path === 'rules[0].expr');
    expect(issue?.span).toBeDefined();
    const range = locateInJson(edited, issue!.path, issue!.span)!;
    expect(edited.slice(range.from, range.to)).toBe('[NOPE]');
  });

  it('falls back to the nearest enclosing value for a missing field; null for unreadable JSON', () => {
    const range = locateInJson(text, 'sections[0].items[2].nope')!;
    expect(range.exact).toBe(false);
    expect(text.slice(range.from, range.to)).toContain('"variable": "SYSBP"');
    expect(locateInJson('{"a": ', 'a')).toBeNull();
    expect(locateInJson('{}', '')).toEqual({ from: 0, to: 2, exact: true });
  });
});
