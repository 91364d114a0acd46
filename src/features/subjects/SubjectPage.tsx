import { useState } from 'react';
import { FormattedMessage } from '../../../renderers/intl';
import { useLocation, useNavigate, useParams } from '../../routing/router';
import { RouterLink } from '../../routing/RouterLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { listDefinitionsUrl, selectColumns } from '../../../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectInfo } from '../../../engine/api/subjects';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { RecordView } from '../../../renderers/record/RecordView';
import { userTimeZone } from '../../../renderers/userTimeZone';
import { usePlatform } from '../../platform/PlatformContext';
import { subjectInfoPath } from '../../routing/paths';
import { SubjectBasePanel } from './base/SubjectBasePanel';
import { VisitsPanel } from './visits/VisitsPanel';

/**
 * One subject, shown through the subject list's own column set (labels, code lists, dates and time zones as in the
 * list), its casebook panel (versions, state, the changes the role may make, the audit trail: base/) and its visits
 * with their forms (each opens the form page). The server answers only for subjects at the
 * sites of the current role: anything else is its refusal, said in place (no retry); a failure to get an answer
 * offers a retry.
 */
export function SubjectPage({ base }: { base: string }) {
  const { subjectid = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { store } = usePlatform();
  const [zone] = useState(() => userTimeZone(store));
  const [changes, setChanges] = useState(0);
  const subject = useEndpoint(subjectInfo, { subjectid }, { reloadToken: changes });

  // back to the list as it was (search, page, sort) when the user came from it
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(base));
  const backButton = (
    <Button onClick={back} sx={{ alignSelf: 'flex-start' }} data-testid="subject-back">
      <FormattedMessage id="subject.backToList" />
    </Button>
  );
  const unavailable = subject.status === 'refused' || subject.status === 'failed';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880 }}>
      <AsyncView
        state={subject}
        failed={<FormattedMessage id="subject.loadFailed" />}
        refused={<FormattedMessage id="subject.notAvailable" />}
        retryLabel={<FormattedMessage id="grid.retry" />}
        isEmpty={() => false}
      >
        {(s) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="subject-page">
            {backButton}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Typography
                variant="h5"
                component="h1"
                sx={{ fontWeight: 600, flex: 1 }}
                data-testid="subject-number"
              >
                {s.subjid}
              </Typography>
              <Button
                variant="outlined"
                size="small"
                component={RouterLink}
                to={subjectInfoPath(s.subjectid)}
                data-testid="subject-overview"
              >
                <FormattedMessage id="subject.overview" />
              </Button>
            </Box>
            <RecordView
              columnsPath={listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)}
              row={s}
              userTimeZone={zone}
              testIdPrefix="subject"
            />
            <SubjectBasePanel
              subjectid={subjectid}
              userTimeZone={zone}
              onChanged={() => setChanges((n) => n + 1)}
            />
            <VisitsPanel subjectid={subjectid} base={base} userTimeZone={zone} />
          </Box>
        )}
      </AsyncView>
      {unavailable ? backButton : null}
    </Box>
  );
}
