import { useEffect } from 'react';
import { FormattedMessage } from '../../renderers/intl';
import { useRouteError } from './router';
import Button from '@mui/material/Button';
import { APP_BASE } from '../../engine/api/protocol';
import { ErrorPageLayout } from '../../renderers/errors/ErrorPageLayout';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from './paths';

/**
 * What the user sees when a page throws while rendering: the 500 page (with a full reload, since the app's state
 * may be broken). The error goes to writeWebLog.do.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { reporter } = usePlatform();
  useEffect(() => {
    reporter.report('error', error);
  }, [reporter, error]);
  return (
    <ErrorPageLayout
      status="500"
      title={<FormattedMessage id="error.500.title" />}
      message={<FormattedMessage id="error.500.message" />}
      actions={
        <Button
          variant="contained"
          onClick={() => window.location.assign(`${APP_BASE}${PATHS.entrance.slice(1)}`)}
        >
          <FormattedMessage id="error.tryAgain" />
        </Button>
      }
    />
  );
}
