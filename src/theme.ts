import { createTheme } from '@mui/material/styles';

/** MUI's class on a ButtonBase focused from the keyboard (`buttonBaseClasses.focusVisible`). */
export const FOCUS_VISIBLE = 'Mui-focusVisible';

/** One quiet theme for the whole product: dense enough for data entry, readable in Chinese and English. */
export const theme = createTheme({
  palette: {
    // every main colour reads at 4.5:1 or more against white and the page background, as text and under white
    // text (WCAG 2.1 AA 1.4.3; checked by axe in e2e/a11y.spec.ts): MUI's default warning and info are lighter
    primary: { main: '#1f5fa8' },
    secondary: { main: '#0b7a70' },
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: [
      '-apple-system',
      'BlinkMacSystemFont',
      '"Segoe UI"',
      '"PingFang SC"',
      '"Hiragino Sans GB"',
      '"Microsoft YaHei"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
    fontSize: 14,
  },
  components: {
    // no ripple anywhere (its code is left out of the production build: src/platform/muiWithoutRipplePlugin.ts); the
    // keyboard focus is shown by an outline on every ButtonBase instead (WCAG 2.4.7; MUI draws none without the
    // ripple): outside the control, or inside it for list rows, menu items and tabs, whose containers clip
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: ({ theme }) => ({
          [`&.${FOCUS_VISIBLE}`]: { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
    MuiListItemButton: { styleOverrides: { root: { [`&.${FOCUS_VISIBLE}`]: { outlineOffset: -2 } } } },
    MuiMenuItem: { styleOverrides: { root: { [`&.${FOCUS_VISIBLE}`]: { outlineOffset: -2 } } } },
    MuiTab: { styleOverrides: { root: { [`&.${FOCUS_VISIBLE}`]: { outlineOffset: -2 } } } },
    // on the app bar's primary colour, in the bar's own text colour (white)
    MuiAppBar: {
      styleOverrides: {
        root: { [`& .MuiButtonBase-root.${FOCUS_VISIBLE}`]: { outlineColor: 'currentColor' } },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
