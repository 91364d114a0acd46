// What the form route loads before its first paint: its modules' static imports (issue 11, docs/perf-list-and-bundles.md
// "Stop 25"). MUI's menu parts come only with a menu's first opening (renderers/menu/LazyMenu.tsx).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
// `import x from '…'`, `import { … } from '…'`, `export … from '…'`, `import '…'` — not `import type`, not import()
const STATIC = /^\s*(?:import|export)(?!\s+type\s)(?:\s[^;]*?\sfrom)?\s*['"]([^'"]+)['"]/gm;

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** The packages imported statically by the modules reachable by static imports from `roots`, with who imports them. */
function staticPackages(roots: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const stack = roots.map((r) => path.join(ROOT, r));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) {
        const target = resolveImport(file, specifier);
        if (target) stack.push(target);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), path.relative(ROOT, file)]);
      }
    }
  }
  return packages;
}

describe('the form route before its first paint', () => {
  const packages = staticPackages([
    'src/features/data/FormPage.tsx',
    'src/features/recordWorkflows.tsx',
    'src/shell/HomeShell.tsx',
  ]);

  it('reads the modules (the walk finds the form renderer and MUI)', () => {
    expect(packages.has('@mui/material/Button')).toBe(true);
    expect(packages.has('@formatjs/icu-messageformat-parser')).toBe(true);
  });

  it('does not import MUI Menu, MenuItem or Popover: they come with the first opening of a menu', () => {
    const menuParts = [
      '@mui/material/Menu',
      '@mui/material/MenuItem',
      '@mui/material/Popover',
      '@mui/material/MenuList',
    ];
    expect(
      Object.fromEntries(menuParts.filter((p) => packages.has(p)).map((p) => [p, packages.get(p)])),
    ).toEqual({});
  });

  it('does not import what stop 28 took off it: MUI Alert, Collapse, CircularProgress, the MUI inputs', () => {
    // Alert brings IconButton and its icons (InlineMessage draws the form's notices); the menu opens without Collapse;
    // the eCRF widgets are plain inputs, so the `inputs` file (InputBase, OutlinedInput, …) is not loaded
    const parts = [
      '@mui/material/Alert',
      '@mui/material/AlertTitle',
      '@mui/material/Collapse',
      '@mui/material/CircularProgress',
      '@mui/material/IconButton',
      '@mui/material/InputBase',
      '@mui/material/OutlinedInput',
      '@mui/material/TextField',
      '@mui/material/FormControl',
      '@mui/material/InputLabel',
      '@mui/material/TextareaAutosize',
    ];
    expect(Object.fromEntries(parts.filter((p) => packages.has(p)).map((p) => [p, packages.get(p)]))).toEqual(
      {},
    );
  });
});
