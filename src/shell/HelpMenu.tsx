import { useState } from 'react';
import { FormattedMessage } from '../../renderers/intl';
import Button from '@mui/material/Button';
import { help } from '../../engine/api/session';
import { type DataOf } from '../../engine/api/endpoint';
import { pickLocalized, type Locale } from '../../engine/api/localized';
import { useApiClient } from '../../renderers/apiClientContext';
import { LazyMenu, preloadMenuParts } from '../../renderers/menu/LazyMenu';
import { useEmbeddedPage } from '../../renderers/overlay/EmbeddedPageContext';

type HelpDocs = DataOf<typeof help>;

/** 'Help': the role's documents from help.do, each opened in the full-screen overlay. */
export function HelpMenu({ locale, color = 'inherit' }: { locale: Locale; color?: 'inherit' | 'primary' }) {
  const client = useApiClient();
  const overlay = useEmbeddedPage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [docs, setDocs] = useState<HelpDocs | null>(null);

  async function openMenu(target: HTMLElement) {
    setAnchor(target);
    if (docs) return;
    try {
      setDocs(await client.call(help));
    } catch {
      setAnchor(null);
    }
  }

  return (
    <>
      <Button
        color={color}
        size="small"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => void openMenu(event.currentTarget)}
        onPointerEnter={preloadMenuParts}
        onFocus={preloadMenuParts}
      >
        <FormattedMessage id="shell.help" />
      </Button>
      <LazyMenu open={anchor !== null && docs !== null} onClose={() => setAnchor(null)}>
        {({ Menu, MenuItem }) => (
          <Menu anchorEl={anchor} open={anchor !== null && docs !== null} onClose={() => setAnchor(null)}>
            {docs?.length === 0 ? (
              <MenuItem disabled>
                <FormattedMessage id="shell.help.none" />
              </MenuItem>
            ) : null}
            {docs?.map((doc) => {
              const title = pickLocalized(doc.name, locale);
              return (
                <MenuItem
                  key={doc.url}
                  onClick={() => {
                    setAnchor(null);
                    overlay.open(doc.url, { title });
                  }}
                >
                  {title}
                </MenuItem>
              );
            })}
          </Menu>
        )}
      </LazyMenu>
    </>
  );
}
