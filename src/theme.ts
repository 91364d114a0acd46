import { createTheme } from '@mui/material/styles';

/** One quiet theme for the whole product: dense enough for data entry, readable in Chinese and English. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f5fa8' },
    secondary: { main: '#0f8a7e' },
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
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
