import { describe, expect, it } from 'vitest';
import { jsonTree, lineColumnOf, pathSegments, stringCharOffset } from './jsonLocate';
import { issueRange } from './problemRanges';

const schema = {
  formid: 'VS',
  sections: [
    {
      id: 's1',
      items: [
        { variable: 'A', fieldtype: 'text' },
        { variable: 'B', fieldtype: 'colour' },
      ],
    },
  ],
  rules: [{ id: 'R1', expr: '  [A] > > 1', note: 'tab\there é' }],
};
const text = JSON.stringify(schema, null, 2);
const index = jsonTree(text)!;

describe('pathSegments', () => {
  it('reads the engine paths', () => {
    expect(pathSegments('sections[1].items[3].fieldtype')).toEqual(['sections', 1, 'items', 3, 'fieldtype']);
    expect(pathSegments('')).toEqual([]);
    expect(pathSegments('columns[2].children[0]')).toEqual(['columns', 2, 'children', 0]);
  });
});

describe('JsonIndex.locate', () => {
  it('finds a scalar value exactly, quotes included', () => {
    const at = index.locate('sections[0].items[1].fieldtype');
    expect(text.slice(at.from, at.to)).toBe('"colour"');
    expect(at).toMatchObject({ exact: true, isString: true });
  });

  it('marks an object on its first line, from its property name', () => {
    const at = index.locate('sections[0].items[1]');
    expect(text.slice(at.from, at.to)).toBe('{');
    const rules = index.locate('rules');
    expect(text.slice(rules.from, rules.to)).toBe('"rules": [');
  });

  it('falls back to the nearest parent for a missing field', () => {
    const at = index.locate('sections[0].items[0].label');
    expect(at.exact).toBe(false);
    expect(lineColumnOf(text, at.from).line).toBe(
      lineColumnOf(text, text.indexOf('"variable": "A"')).line - 1,
    );
  });

  it('is null for text that is not JSON', () => {
    expect(jsonTree('{"a": }')).toBeNull();
  });
});

describe('stringCharOffset', () => {
  it('counts escapes as one character', () => {
    const literal = text.indexOf('"tab\\there');
    expect(text.slice(stringCharOffset(text, literal, 4), stringCharOffset(text, literal, 4) + 4)).toBe(
      'here',
    );
    expect(text[stringCharOffset(text, literal, 9)]).toBe('é');
  });
});

describe('issueRange', () => {
  it('puts a rule error at its position inside the (trimmed) expression', () => {
    const r = issueRange(index, {
      path: 'rules[0].expr',
      messageId: 'rule.unexpectedToken',
      values: { pos: 7, token: '>' },
    });
    expect(r.from).toBe(text.indexOf('> > 1') + 2);
    expect(r.to).toBe(r.from + 1);
  });

  it('uses the engine span when it gives one', () => {
    const r = issueRange(index, {
      path: 'rules[0].expr',
      messageId: 'form.unknownReference',
      values: { variable: 'A' },
      span: { start: 0, end: 3 },
    });
    expect(text.slice(r.from, r.to)).toBe('[A]');
  });

  it('drops the root name of list paths', () => {
    const list = JSON.stringify([{ prop: 'a' }, { prop: 'b', fieldtype: 'x' }], null, 2);
    const r = issueRange(
      jsonTree(list)!,
      { path: 'searchFields[1]', messageId: 'm', values: {} },
      'searchFields',
    );
    expect(lineColumnOf(list, r.from).line).toBe(5);
  });
});
