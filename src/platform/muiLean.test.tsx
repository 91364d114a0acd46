import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import type { ButtonBaseActions } from '@mui/material/ButtonBase';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { Spinner } from '../../renderers/Spinner';
import { theme } from '../theme';
import { MUI_REPLACEMENTS, replacementFor } from './muiLeanPlugin';

const require = createRequire(import.meta.url);
const MUI = path.dirname(require.resolve('@mui/material/package.json'));

describe("MUI's modules the production build replaces (src/platform/muiLeanPlugin.ts)", () => {
  it.each(MUI_REPLACEMENTS.map((r) => [r.what, r] as const))(
    'MUI still imports what is replaced: %s',
    (_what, replacement) => {
      const importer = path.join(MUI, replacement.importer);
      expect(readFileSync(importer, 'utf8')).toMatch(
        new RegExp(`^import \\w+ from "${replacement.source.replaceAll('.', '\\.')}";$`, 'm'),
      );
      expect(replacementFor(replacement.source, importer)).toBe(replacement);
    },
  );

  it('replaces only those imports', () => {
    const buttonBase = path.join(MUI, 'ButtonBase', 'ButtonBase.mjs');
    expect(
      replacementFor('./TouchRipple.mjs', path.join(MUI, 'StepButton', 'StepButton.mjs')),
    ).toBeUndefined();
    expect(
      replacementFor('../CircularProgress/index.mjs', '/app/src/features/queries/ExportQueriesDialog.tsx'),
    ).toBe(undefined);
    expect(replacementFor('./buttonBaseClasses.mjs', buttonBase)).toBeUndefined();
    expect(replacementFor('./TouchRipple.mjs', undefined)).toBeUndefined();
  });

  it('the theme turns the ripple off on every ButtonBase and outlines the keyboard focus instead', () => {
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // MUI's opt-in ring (theme.focusVisible), which ButtonBase draws on its focus-visible class
    expect(theme.focusVisible).toMatchObject({ outlineStyle: 'solid', outlineWidth: 2 });
    const actions = createRef<ButtonBaseActions>();
    render(
      <ThemeProvider theme={theme}>
        <Button action={actions}>Save</Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(getComputedStyle(button).outlineStyle).not.toBe('solid');
    // jsdom has no :focus-visible: the focus MUI gives a keyboard user, through its own API
    act(() => actions.current?.focusVisible());
    expect(button).toHaveClass('Mui-focusVisible');
    expect(getComputedStyle(button).outlineStyle).toBe('solid');
    expect(getComputedStyle(button).outlineWidth).toBe('2px');
    expect(button.querySelector('.MuiTouchRipple-root')).toBeNull();
  });

  it("the spinner that stands in for Button's CircularProgress is a progressbar named as MUI's", () => {
    render(
      <>
        <span id="b">Saving</span>
        <Spinner aria-labelledby="b" color="inherit" size={16} />
        <Spinner aria-label="Loading" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Saving' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });
});
