import Button from '@mui/material/Button';
import { FormattedMessage } from '../../../renderers/intl';
import { useNavigate } from '../../routing/router';
import { STORAGE_KEYS } from '../../../engine/session/storageKeys';
import { ErrorPageLayout } from '../../../renderers/errors/ErrorPageLayout';
import { usePlatform } from '../../platform/PlatformContext';
import { PATHS } from '../../routing/paths';

/** 404: the page does not exist. 'Back home' clears the active menu item and opens the home page. */
export function NotFoundPage() {
  const { store } = usePlatform();
  const navigate = useNavigate();
  return (
    <ErrorPageLayout
      status="404"
      title={<FormattedMessage id="error.404.title" />}
      message={<FormattedMessage id="error.404.message" />}
      actions={
        <Button
          variant="contained"
          onClick={() => {
            store.removeItem(STORAGE_KEYS.menuCode);
            navigate(PATHS.index);
          }}
        >
          <FormattedMessage id="error.backHome" />
        </Button>
      }
    />
  );
}
