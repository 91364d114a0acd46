import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { themeQuartz, type Theme } from 'ag-grid-community';

/** AG Grid's Quartz theme (Theming API) in the app's colours and font. */
export function useGridTheme(): Theme {
  const mui = useTheme();
  return useMemo(
    () =>
      themeQuartz.withParams({
        accentColor: mui.palette.primary.main,
        fontFamily: mui.typography.fontFamily ?? 'inherit',
        fontSize: 13,
        headerFontWeight: 600,
        foregroundColor: mui.palette.text.primary,
        backgroundColor: mui.palette.background.paper,
        borderRadius: mui.shape.borderRadius,
        wrapperBorderRadius: mui.shape.borderRadius,
      }),
    [mui],
  );
}
