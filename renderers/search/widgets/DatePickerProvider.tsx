import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';
import { useEngineLocale } from '../metadataText';

const pickerTexts = {
  zh_CN: {
    adapterLocale: 'zh-cn',
    localeText: zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  },
  en: { adapterLocale: 'en', localeText: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

/** Date pickers (dayjs) in the app's language: calendar, weekday names and picker buttons follow zh_CN / en. */
export function DatePickerProvider({ children }: { children?: ReactNode }) {
  const texts = pickerTexts[useEngineLocale()];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={texts.adapterLocale}
      localeText={texts.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
