import { useState } from 'react';
import Fab from '@mui/material/Fab';
import { FormattedMessage } from 'react-intl';
import { online } from '../engine/api/session';
import { useApiClient } from './apiClientContext';

export interface OnlineServiceWidgetProps {
  /** `online.isShow` of the login info: nothing is rendered when false. */
  visible: boolean;
  /** Opens the service URL in a new window (window.open by default). */
  openUrl?(url: string): void;
}

function openInNewWindow(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/** Floating "online service" button: asks online.do for the support chat address and opens it in a window. */
export function OnlineServiceWidget({ visible, openUrl = openInNewWindow }: OnlineServiceWidgetProps) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  if (!visible) return null;

  async function open() {
    setBusy(true);
    try {
      const { url } = await client.call(online);
      openUrl(url);
    } catch {
      // the client has told the user
    } finally {
      setBusy(false);
    }
  }

  return (
    <Fab
      variant="extended"
      color="secondary"
      size="medium"
      disabled={busy}
      onClick={() => void open()}
      sx={{ position: 'fixed', right: 24, bottom: 72, zIndex: (theme) => theme.zIndex.speedDial }}
    >
      <FormattedMessage id="online.open" />
    </Fab>
  );
}
