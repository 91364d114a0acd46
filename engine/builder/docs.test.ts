/**
 * Every marked example in the documentation runs (docExamples.ts): rules evaluate to what the page says, schemas
 * compile (or give exactly the issues named), list metadata parses. The rule-language page shows every function
 * and every operator.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import codeListsWire from '../../fixtures/lists/codeLists.def.json';
import { defaultFieldTypes } from '../fieldTypes/registry';
import { compileForm } from '../form/compile/compileForm';
import type { CodeListCatalog } from '../form/types';
import { parseSelector } from '../metadata/codeOptions';
import { parseColumns } from '../metadata/parseColumns';
import { parseSearchFields } from '../metadata/parseSearchFields';
import { evaluateRule, parseRule, RULE_FUNCTIONS } from '../rules/index';
import type { RuleValue } from '../rules/types';
import { markedBlocks, ruleExamples, type DocBlock } from './docExamples';

const DOCS = ['rule-language.md', 'form-schema.md', 'list-metadata.md'] as const;
const TODAY = '2026-03-15';

function read(name: string): string {
  return readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');
}

const STUDY_CODE_LISTS: CodeListCatalog = Object.fromEntries(
  Object.entries(codeListsWire).map(([name, list]) => {
    const parsed = parseSelector(list);
    return [name, 'options' in parsed ? parsed.options : null];
  }),
);

const blocks = DOCS.flatMap((doc) => markedBlocks(read(doc)).map((block) => ({ doc, block })));
const where = (doc: string, block: DocBlock) => `${doc}:${block.line}`;

describe('rule examples', () => {
  const examples = blocks
    .filter(({ block }) => block.kind === 'rule')
    .flatMap(({ doc, block }) => ruleExamples(block.body).map((example) => ({ doc, block, example })));

  it.each(
    examples.map(({ doc, block, example }) => [`${where(doc, block)} ${example.text}`, example] as const),
  )('%s', (_name, example) => {
    const parsed = parseRule(example.source);
    if (example.expect.kind === 'error') {
      expect(parsed.ok ? null : [parsed.error.messageId, parsed.error.values.pos]).toEqual([
        example.expect.messageId,
        example.expect.pos,
      ]);
      return;
    }
    if (!parsed.ok) throw new Error(`does not parse: ${JSON.stringify(parsed.error)}`);
    if (example.expect.kind === 'parses') return;
    const given = example.given;
    const value = evaluateRule(parsed.expr, {
      value: (name) => (Object.hasOwn(given, name) ? (given[name] as RuleValue) : null),
      today: TODAY,
    });
    expect(value).toEqual(example.expect.value);
  });

  it('shows every function and every operator of the language', () => {
    const sources = examples
      .filter(({ doc }) => doc === 'rule-language.md')
      .map(({ example }) => example.source);
    const all = sources.join('\n').toLowerCase();
    for (const name of Object.keys(RULE_FUNCTIONS)) expect(all, name).toContain(`${name}(`);
    const operators = [
      'and',
      'or',
      'not',
      '&&',
      '||',
      '=',
      '==',
      '!=',
      '<>',
      '<',
      '<=',
      '>',
      '>=',
      '+',
      '-',
      '*',
      '/',
      '%',
      '^',
    ];
    const tokens = new Set(sources.flatMap((s) => s.toLowerCase().split(/[\s()[\],]+/)));
    for (const op of operators) expect(tokens.has(op) || all.includes(` ${op} `), op).toBe(true);
    expect(
      sources.some((s) => /!\w/.test(s)),
      'prefix !',
    ).toBe(true);
  });
});

describe('schema and list examples', () => {
  const others = blocks.filter(({ block }) => block.kind !== 'rule');

  it('finds the marked examples of each page', () => {
    const kinds = (doc: string) => others.filter((b) => b.doc === doc).map((b) => b.block.kind);
    expect(kinds('form-schema.md')).toContain('form-schema');
    expect(kinds('rule-language.md')).toContain('form-schema');
    expect(kinds('list-metadata.md')).toEqual(expect.arrayContaining(['search-fields', 'column']));
  });

  it.each(others.map(({ doc, block }) => [`${where(doc, block)} ${block.kind}`, block] as const))(
    '%s',
    (_n, block) => {
      const raw = JSON.parse(block.body) as unknown;
      const registry = defaultFieldTypes();
      switch (block.kind) {
        case 'form-schema': {
          const result = compileForm(raw, { codeLists: STUDY_CODE_LISTS });
          const expected = (block.attributes.issues ?? '').split(',').filter(Boolean).sort();
          const found = result.ok ? [] : [...new Set(result.issues.map((i) => i.messageId))].sort();
          expect(found, result.ok ? '' : JSON.stringify(result.issues)).toEqual(expected);
          break;
        }
        case 'search-fields':
          expect(parseSearchFields(raw, registry).issues).toEqual([]);
          break;
        case 'columns':
          expect(parseColumns(raw, registry).issues).toEqual([]);
          break;
        case 'column':
          expect(parseColumns([raw], registry).issues).toEqual([]);
          break;
        default:
          throw new Error(`unknown marker ${block.kind}`);
      }
    },
  );
});
