import { createTheme } from '@mui/material/styles';

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
  // no ripple anywhere (its code is left out of the production build: src/platform/muiLeanPlugin.ts): MUI's own
  // keyboard focus ring on every ButtonBase instead (WCAG 2.4.7; a 2px primary outline, inset on the components
  // whose containers clip, as list rows, menu items and tabs; MUI draws no focus without the ripple otherwise)
  focusVisible: true,
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
