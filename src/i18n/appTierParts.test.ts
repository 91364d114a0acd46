import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import appEn from './app/en.json';
import appZh from './app/zh_CN.json';
import appZhCore from './app/zh_CN.json?part=core';
import appZhManagement from './app/zh_CN.json?part=management';
import { APP_TIER_PARTS, MANAGEMENT_AREAS, appTierPart, appTierPartOf } from './tiers';

const ROOT = path.resolve(import.meta.dirname, '../..');

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** Every module reachable from `roots` by static or dynamic import (what the route can ever load of our code). */
function reachable(roots: string[], stopAt: string[]): string[] {
  const seen = new Set<string>();
  const stack = roots.map((r) => path.join(ROOT, r));
  const stops = new Set(stopAt.map((s) => path.join(ROOT, s)));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || stops.has(file)) continue;
    seen.add(file);
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolveImport(file, ref.fileName);
      if (target) stack.push(target);
    }
  }
  return [...seen];
}

const LITERAL = /'([^'\\\n]+)'|"([^"\\\n]+)"|`([^`$\\\n]+)`/g;

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
    expect(appZhCore['form.notInteger']).toBe((appZh as Record<string, string>)['form.notInteger']);
    expect(appZhCore['interchange.import.title']).toBeUndefined();
  });

  it('the form route (its page, its lazily loaded dialogs and the shells) uses message ids of the core part only', () => {
    // the form route's handle says it needs the core part only (routes.tsx): no text it can show may be elsewhere
    const files = reachable(
      ['src/features/data/formPageLoader.ts', 'src/shell/HomeShell.tsx', 'src/shell/StandaloneShell.tsx'],
      ['src/routes.tsx'],
    );
    expect(files.length).toBeGreaterThan(50);
    const ids = new Set(Object.keys(appZh));
    const outside: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(LITERAL)) {
        const literal = match[1] ?? match[2] ?? match[3] ?? '';
        if (ids.has(literal) && appTierPartOf(literal) !== 'core')
          outside.push(`${path.relative(ROOT, file)}: ${literal}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
