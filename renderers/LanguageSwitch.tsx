import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useIntl } from './intl';
import { LOCALES, type Locale } from '../engine/api/localized';

export interface LanguageSwitchProps {
  locale: Locale;
  onChange(locale: Locale): void;
  /** `inherit` in a coloured app bar. */
  color?: 'primary' | 'inherit';
}

/** zh / en switch. Each language is named in its own language (the catalogues hold the same name in both). */
export function LanguageSwitch({ locale, onChange, color = 'primary' }: LanguageSwitchProps) {
  const intl = useIntl();
  const names: Record<Locale, string> = {
    zh_CN: intl.formatMessage({ id: 'language.zh_CN' }),
    en: intl.formatMessage({ id: 'language.en' }),
  };
  return (
    <Box
      sx={{ display: 'flex', gap: 0.5 }}
      role="group"
      aria-label={intl.formatMessage({ id: 'language.label' })}
    >
      {LOCALES.map((code) => {
        const active = code === locale;
        return (
          <Button
            key={code}
            size="small"
            color={color}
            variant={active ? 'outlined' : 'text'}
            aria-pressed={active}
            lang={code === 'zh_CN' ? 'zh-CN' : 'en'}
            onClick={() => {
              if (!active) onChange(code);
            }}
            sx={{
              minWidth: 0,
              px: 1,
              py: 0.25,
              ...(color === 'inherit' ? { borderColor: 'currentColor' } : {}),
            }}
          >
            {names[code]}
          </Button>
        );
      })}
    </Box>
  );
}
