import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import appEn from './app/en.json';
import appZh from './app/zh_CN.json';
import bootZh from './zh_CN.json';
import appZhCore from './app/zh_CN.json?part=core';
import appZhFormRoute from './app/zh_CN.json?part=formRoute';
import appZhManagement from './app/zh_CN.json?part=management';
import {
  APP_TIER_PARTS,
  FORM_ROUTE_IDS,
  LAZY_CONTENT_PARTS,
  MANAGEMENT_AREAS,
  appTierPart,
  appTierPartOf,
  type AppTierPart,
} from './tiers';

const ROOT = path.resolve(import.meta.dirname, '../..');

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (existsSync(base + ext)) return base + ext;
  return null;
}

/**
 * Modules a page of the shell loads after its first paint behind a wait for LAZY_CONTENT_PARTS: every dialog given to
 * `lazyDialog` (renderers/actions/lazyDialog.tsx waits for them), and these (FormPage.tsx: the log-line table, inside
 * an AppCatalogueGate of those parts).
 */
const LATER = new Set(['renderers/ecrf/LoglineTable.tsx'].map((f) => path.join(ROOT, f)));

interface Module {
  /** imported modules: statically, or loaded at run time outside `lazyDialog` */
  now: string[];
  /** loaded at run time by `lazyDialog` */
  later: string[];
  /** string literals, and the text before the first substitution of template literals (`queries.status.`) */
  literals: string[];
  prefixes: string[];
}

function readModule(file: string): Module {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const mod: Module = { now: [], later: [], literals: [], prefixes: [] };
  const visit = (node: ts.Node, inLazyDialog: boolean): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      mod.literals.push(node.text);
      // a module name (static import) or a dynamic import's: resolved below
      const parent = node.parent;
      if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) {
        const typeOnly = ts.isImportDeclaration(parent) ? parent.importClause?.isTypeOnly : parent.isTypeOnly;
        if (!typeOnly) mod.now.push(node.text);
      } else if (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) {
        (inLazyDialog ? mod.later : mod.now).push(node.text);
      }
    } else if (ts.isTemplateExpression(node)) {
      mod.prefixes.push(node.head.text);
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      if (ts.isStringLiteral(node.left)) mod.prefixes.push(node.left.text);
    }
    const lazy =
      inLazyDialog ||
      (ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'lazyDialog');
    ts.forEachChild(node, (child) => visit(child, lazy));
  };
  visit(source, false);
  return mod;
}

/** Every module reachable from `roots` (what the route can ever load of our code; with `now`, before a wait). */
function reachable(
  roots: string[],
  { now = false, stop = (file: string) => file === path.join(ROOT, 'src/routes.tsx') } = {},
): Map<string, Module> {
  const seen = new Map<string, Module>();
  const stack = roots.map((r) => path.join(ROOT, r));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || stop(file) || (now && LATER.has(file))) continue;
    const mod = readModule(file);
    seen.set(file, mod);
    for (const specifier of now ? mod.now : [...mod.now, ...mod.later]) {
      const target = resolveImport(file, specifier);
      if (target) stack.push(target);
    }
  }
  return seen;
}

/** The ids of `catalogue` a module may show: its literal ids, and every id a prefix it completes at run time starts. */
function idsOf(mod: Module, catalogue: Record<string, string> = appZh): string[] {
  const ids = mod.literals.filter((s) => Object.prototype.hasOwnProperty.call(catalogue, s));
  for (const prefix of mod.prefixes)
    if (/^[a-zA-Z]\w*\.[\w.]*\.$/.test(prefix))
      ids.push(...Object.keys(catalogue).filter((id) => id.startsWith(prefix)));
  return ids;
}

/** `file: id` for each id the modules may show that is not in one of `parts`. */
function outside(modules: Map<string, Module>, parts: readonly AppTierPart[]): string[] {
  const found: string[] = [];
  for (const [file, mod] of modules)
    for (const id of new Set(idsOf(mod)))
      if (!parts.includes(appTierPartOf(id))) found.push(`${path.relative(ROOT, file)}: ${id}`);
  return found;
}

const FORM_ROUTE = [
  'src/features/data/formPageLoader.ts',
  'src/shell/HomeShell.tsx',
  'src/shell/StandaloneShell.tsx',
];

describe('the app catalogue in parts', () => {
  it('cuts each catalogue into parts that together are the whole, each key in exactly one part', () => {
    for (const messages of [appZh, appEn] as Record<string, string>[]) {
      const parts = APP_TIER_PARTS.map((part) => appTierPart(messages, part));
      expect(parts.reduce((n, p) => n + Object.keys(p).length, 0)).toBe(Object.keys(messages).length);
      expect(Object.assign({}, ...parts)).toEqual(messages);
    }
    expect(Object.keys(appZhManagement).length).toBeGreaterThan(0);
    expect(
      Object.keys(appZhManagement).every((id) => MANAGEMENT_AREAS.includes(id.split('.')[0] ?? '')),
    ).toBe(true);
  });

  it('serves `?part=` imports as those parts (the plugin of the build, the dev server and the tests)', () => {
    expect(appZhCore).toEqual(appTierPart(appZh, 'core'));
    expect(appZhManagement).toEqual(appTierPart(appZh, 'management'));
    expect(appZhFormRoute).toEqual(appTierPart(appZh, 'formRoute'));
    expect(appZhFormRoute['form.notInteger']).toBe((appZh as Record<string, string>)['form.notInteger']);
    expect(appZhCore['queries.status.answered']).toBe(
      (appZh as Record<string, string>)['queries.status.answered'],
    );
    expect(appZhCore['interchange.import.title']).toBeUndefined();
  });

  it('the form route shows at first paint message ids of its part only (its page, the shells, their widgets)', () => {
    // the form route's handle says it needs the formRoute part only (routes.tsx): no text it draws first may be elsewhere
    const firstPaint = reachable(FORM_ROUTE, { now: true });
    expect(firstPaint.size).toBeGreaterThan(50);
    expect([...firstPaint.keys()].some((f) => f.endsWith('QueryThreadDialog.tsx'))).toBe(false);
    expect([...firstPaint.values()].flatMap((mod) => idsOf(mod))).toContain('queries.icon.open');
    expect(outside(firstPaint, ['formRoute'])).toEqual([]);
    // and no more: each group of the part has ids the first paint shows (the part stays the first paint's)
    const shown = new Set([...firstPaint.values()].flatMap((mod) => idsOf(mod)));
    const inPart = (group: string) => (id: string) => id === group || id.startsWith(`${group}.`);
    expect(FORM_ROUTE_IDS.filter((group) => ![...shown].some(inPart(group)))).toEqual([]);
  });

  it('the form route loads later (dialogs, the log-line table) texts of LAZY_CONTENT_PARTS only', () => {
    const all = reachable(FORM_ROUTE);
    expect([...all.keys()].some((f) => f.endsWith('QueryThreadDialog.tsx'))).toBe(true);
    // a prefix completed at run time (`queries.status.${status}`) counts as every id it starts
    expect([...all.values()].flatMap((mod) => idsOf(mod))).toContain('queries.status.answered');
    expect(outside(all, LAZY_CONTENT_PARTS)).toEqual([]);
  });

  it('the boot catalogue holds texts of what is drawn before any app tier only (zh_CN ships with the app)', () => {
    // the entry, the pages outside the shell and the shells' frame (with what they load later: the embedded-page
    // overlay …), not the pages of the shell, which wait for their part of the app tier (AppCatalogueGate)
    const pageOfShell =
      /[\\/]src[\\/](features[\\/]|pages[\\/]Statistics\.tsx$|shell[\\/]ShellLanding\.tsx$)/;
    const boot = reachable(['src/main.tsx'], { stop: (file) => pageOfShell.test(file) });
    expect([...boot.keys()].some((f) => f.endsWith('LoginFront.tsx'))).toBe(true);
    expect([...boot.keys()].some((f) => f.endsWith('HomeShell.tsx'))).toBe(true);
    const shown = new Set([...boot.values()].flatMap((mod) => idsOf(mod, bootZh)));
    expect(Object.keys(bootZh).filter((id) => !shown.has(id))).toEqual([]);
  });
});
