import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { isCreateThemeWithVarsImport } from './muiThemeWithoutCssVarsPlugin';

const require = createRequire(import.meta.url);
const MUI_STYLES = path.join(path.dirname(require.resolve('@mui/material/package.json')), 'styles');

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
