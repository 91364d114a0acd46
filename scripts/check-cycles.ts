/**
 * Fails when the project's own modules import each other in a cycle (type-only imports count too: a type cycle is
 * still two modules that cannot be understood apart). Part of `npm run lint`.
 *
 * Reads every tracked .ts/.tsx file with the TypeScript scanner (no type check, ~1 s), resolves the relative
 * specifiers of `import … from`, `export … from`, `import()` and `import x = require()`, and reports each strongly
 * connected component of more than one module (or a module importing itself) with one cycle path through it.
 */
import { readFileSync, existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';
import { findCycles } from './importGraph';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return out
    .split('\n')
    .filter((f) => f && !f.endsWith('.d.ts') && existsSync(path.join(ROOT, f)))
    .map((f) => path.join(ROOT, f));
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate)) return candidate;
  }
  // `./x.js` written for ESM output, pointing at x.ts
  const stripped = base.replace(/\.js$/, '');
  for (const ext of EXTENSIONS) if (existsSync(stripped + ext)) return stripped + ext;
  return null;
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set<string>();
  for (const ref of info.importedFiles) {
    const target = resolve(file, ref.fileName);
    if (target) targets.add(target);
  }
  return [...targets];
}

const files = sourceFiles();
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const cycles = findCycles(graph);
if (cycles.length === 0) {
  console.log(`import cycles: none among ${files.length} modules`);
} else {
  console.error(`import cycles: ${cycles.length}`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.map((f) => path.relative(ROOT, f)).join(' → ')}`);
  }
  process.exit(1);
}
