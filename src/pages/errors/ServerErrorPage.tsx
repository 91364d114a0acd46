import Button from '@mui/material/Button';
import { FormattedMessage } from '../../../renderers/intl';
import { useNavigate } from '../../routing/router';
import { ErrorPageLayout } from '../../../renderers/errors/ErrorPageLayout';
import { PATHS } from '../../routing/paths';

/** 500: the service failed or is unavailable. 'Try again' re-enters the app through /entrance. */
export function ServerErrorPage() {
  const navigate = useNavigate();
  return (
    <ErrorPageLayout
      status="500"
      title={<FormattedMessage id="error.500.title" />}
      message={<FormattedMessage id="error.500.message" />}
      actions={
        <Button variant="contained" onClick={() => navigate(PATHS.entrance, { replace: true })}>
          <FormattedMessage id="error.tryAgain" />
        </Button>
      }
    />
  );
}
