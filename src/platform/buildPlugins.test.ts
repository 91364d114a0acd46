import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { isCreateThemeWithVarsImport } from './muiThemeWithoutCssVarsPlugin';
import { withoutUnusedComponents } from './reactRouterProductionPlugin';

const require = createRequire(import.meta.url);
const ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
  'production',
);
const MUI_STYLES = path.join(path.dirname(require.resolve('@mui/material/package.json')), 'styles');

describe("react-router's production build without its unused components", () => {
  const files = readdirSync(ROUTER_PRODUCTION).filter((f) => f.endsWith('.mjs'));
  const sources = files.map((f) => readFileSync(path.join(ROUTER_PRODUCTION, f), 'utf8'));
  const all = sources.join('\n');
  const changed = sources.map(withoutUnusedComponents).join('\n');

  it('drops every top-level displayName write (what kept Link, NavLink, Form and ScrollRestoration)', () => {
    // the installed version still has them: the transform has something to do (an upgrade that drops them is fine,
    // one that writes them differently shows up here)
    expect(all).toMatch(/^Link\.displayName = "Link";$/m);
    expect(changed).not.toMatch(/^[A-Za-z_$][\w$]*\.displayName = /m);
  });

  it('marks the component and context factories pure, and changes nothing else', () => {
    expect(changed).toMatch(/^var Link = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(changed).toMatch(/^var DataRouterContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
    expect(changed).not.toMatch(/= React\d*\.(forwardRef|createContext|memo)\(/);
    // apart from the annotations and the emptied lines, the code is the same, line for line
    const strip = (code: string) =>
      code
        .replaceAll('/* @__PURE__ */ ', '')
        .split('\n')
        .filter((line) => line !== '' && !/^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/.test(line));
    expect(strip(changed)).toEqual(strip(all));
  });

  it('keeps displayName writes that are not top-level statements of their own', () => {
    const code =
      'function f() {\n  let X = React.forwardRef(g);\n    X.displayName = "x";\n}\nY.displayName = name;\n';
    expect(withoutUnusedComponents(code)).toBe(
      'function f() {\n  let X = /* @__PURE__ */ React.forwardRef(g);\n    X.displayName = "x";\n}\nY.displayName = name;\n',
    );
  });
});

describe("MUI's theme without the CSS-variables builder", () => {
  it("replaces only createTheme's import of createThemeWithVars", () => {
    const createTheme = path.join(MUI_STYLES, 'createTheme.mjs');
    expect(readFileSync(createTheme, 'utf8')).toContain(
      'import createThemeWithVars from "./createThemeWithVars.mjs";',
    );
    expect(isCreateThemeWithVarsImport('./createThemeWithVars.mjs', createTheme)).toBe(true);
    expect(isCreateThemeWithVarsImport('./createThemeWithVars.mjs', path.join(MUI_STYLES, 'index.mjs'))).toBe(
      false,
    );
    expect(isCreateThemeWithVarsImport('./createThemeNoVars.mjs', createTheme)).toBe(false);
    expect(isCreateThemeWithVarsImport('./createThemeWithVars.mjs', undefined)).toBe(false);
  });

  it("the app's theme is built without CSS variables or colour schemes (the branch the build keeps)", () => {
    expect('colorSchemes' in theme).toBe(false);
    expect((theme as { vars?: unknown }).vars).toBeUndefined();
    const source = readFileSync(path.join(import.meta.dirname, '..', 'theme.ts'), 'utf8');
    expect(source).not.toMatch(/cssVariables|colorSchemes/);
  });
});
