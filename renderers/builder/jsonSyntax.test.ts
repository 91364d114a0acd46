import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, readJson } from './jsonSyntax';

describe('readJson', () => {
  it('reads what JSON.parse reads', () => {
    for (const text of ['[]', '{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"]}', ' "s" ', '0']) {
      expect(readJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });

  it('names line, column and the unexpected character', () => {
    expect(readJson('[\n  {"a": 1}\n  {"b": 2}\n]')).toEqual({
      ok: false,
      problem: { line: 3, column: 3, found: '{' },
    });
    expect(readJson('{"a": tru}')).toEqual({ ok: false, problem: { line: 1, column: 10, found: '}' } });
    expect(readJson('{"a":1,}')).toEqual({ ok: false, problem: { line: 1, column: 8, found: '}' } });
  });

  it('says when the text ends too early', () => {
    expect(readJson('[1,\n2')).toEqual({ ok: false, problem: { line: 2, column: 2, found: null } });
    expect(readJson('')).toEqual({ ok: false, problem: { line: 1, column: 1, found: null } });
  });

  it('refuses what JSON refuses', () => {
    for (const text of ['[1,]', '01', '"\t"', "{'a':1}", '[1] 2', '1.', '-', '"\\x"', 'nul']) {
      expect(jsonErrorOffset(text), text).not.toBeNull();
      expect(() => JSON.parse(text), text).toThrow();
    }
  });
});
