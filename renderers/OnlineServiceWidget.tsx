import { useState } from 'react';
import Button from '@mui/material/Button';
import { FormattedMessage } from './intl';
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

/**
 * The "online service" button: asks online.do for the support chat address and opens it in a window. It sits in the
 * footer line (not floating over the page, where it covered the row icons of lists).
 */
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
    <Button
      variant="outlined"
      color="secondary"
      size="small"
      disabled={busy}
      onClick={() => void open()}
      data-testid="online-service"
      sx={{ py: 0, minHeight: 0, lineHeight: 1.6 }}
    >
      <FormattedMessage id="online.open" />
    </Button>
  );
}
