import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { listDefinitionsUrl, selectColumns } from '../../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectInfo, type SubjectRow } from '../../engine/api/subjects';
import { RequestError } from '../../engine/http/requestError';
import { InlineMessage } from '../../renderers/InlineMessage';
import { LoadFailed } from '../../renderers/LoadFailed';
import { PageLoading } from '../../renderers/PageLoading';
import { useApiClient } from '../../renderers/apiClientContext';
import { RecordView } from '../../renderers/record/RecordView';
import { userTimeZone } from '../../renderers/userTimeZone';
import { usePlatform } from '../platform/PlatformContext';
import { VisitsPanel } from './visits/VisitsPanel';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; subject: SubjectRow }
  /** The server refused: no such subject at the sites of the current role. */
  | { status: 'refused' }
  /** Anything else (network, server error): worth another try. */
  | { status: 'failed' };

/**
 * One subject, shown through the subject list's own column set (labels, code lists, dates and time zones as in the
 * list), and its visits with their forms (each opens the form page). The server answers only for subjects at the
 * sites of the current role.
 */
export function SubjectPage({ base }: { base: string }) {
  const { subjectid = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { store } = usePlatform();
  const [zone] = useState(() => userTimeZone(store));
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    // the page says what went wrong in place: no toast on top of it
    client.call(subjectInfo, { subjectid }, { silent: true }).then(
      (subject) => current && setLoaded({ status: 'ready', subject }),
      (error: unknown) => {
        const refused = error instanceof RequestError && error.kind === 'business';
        if (current) setLoaded({ status: refused ? 'refused' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [client, subjectid, attempt]);

  // back to the list as it was (search, page, sort) when the user came from it
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(base));
  const backButton = (
    <Button onClick={back} sx={{ alignSelf: 'flex-start' }} data-testid="subject-back">
      <FormattedMessage id="subject.backToList" />
    </Button>
  );

  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status !== 'ready') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {loaded.status === 'refused' ? (
          <InlineMessage level="error">
            <FormattedMessage id="subject.notAvailable" />
          </InlineMessage>
        ) : (
          <LoadFailed
            message={<FormattedMessage id="subject.loadFailed" />}
            retryLabel={<FormattedMessage id="grid.retry" />}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )}
        {backButton}
      </Box>
    );
  }
  const s = loaded.subject;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880 }} data-testid="subject-page">
      {backButton}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="subject-number">
        {s.subjid}
      </Typography>
      <RecordView
        columnsPath={listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)}
        row={s}
        userTimeZone={zone}
        testIdPrefix="subject"
      />
      <VisitsPanel subjectid={subjectid} base={base} />
    </Box>
  );
}
