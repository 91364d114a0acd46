import Button from '@mui/material/Button';
import { FormattedMessage } from '../../../renderers/intl';
import { useLocation, useNavigate } from '../../routing/router';
import { ErrorPageLayout } from '../../../renderers/errors/ErrorPageLayout';
import { PATHS } from '../../routing/paths';

/** 401: the current role may not open the page. 'Back' returns to where the user came from. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // the first page of this tab has no history to go back to
  const canGoBack = location.key !== 'default';
  return (
    <ErrorPageLayout
      status="401"
      title={<FormattedMessage id="error.401.title" />}
      message={<FormattedMessage id="error.401.message" />}
      actions={
        <Button
          variant="contained"
          onClick={() => {
            if (canGoBack) navigate(-1);
            else navigate(PATHS.index, { replace: true });
          }}
        >
          <FormattedMessage id="error.back" />
        </Button>
      }
    />
  );
}
