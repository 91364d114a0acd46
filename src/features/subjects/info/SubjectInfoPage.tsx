/**
 * /index/subjectInfo?subjectid=… (issue 12, home pages; docs/subject-info.md): one subject at a glance — its base
 * info (read only, through the subject list's own column set), its visit timeline with each visit's entry status
 * and mark, and its open tasks (queries not closed, pages of past visits not entered). Composed of what the subject
 * page already reads (subjectinfo.do, visitlist.do, selectNoCHQueryStatus.do): no endpoint of its own. The server
 * answers only for a subject at the site chosen at /checkRole; any other subject is its refusal, said in place.
 */
import { useState } from 'react';
import { FormattedMessage } from '../../../../renderers/intl';
import { useSearchParams } from '../../../routing/router';
import { RouterLink } from '../../../routing/RouterLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { listDefinitionsUrl, selectColumns } from '../../../../engine/api/lists';
import { selectNoCHQueryStatus } from '../../../../engine/api/queries';
import { SUBJECT_LIST_KEY, subjectInfo } from '../../../../engine/api/subjects';
import { visitList, type VisitRow } from '../../../../engine/api/visits';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { RecordView } from '../../../../renderers/record/RecordView';
import { userTimeZone } from '../../../../renderers/userTimeZone';
import { usePlatform } from '../../../platform/PlatformContext';
import { PATHS, SUBJECT_INFO_PARAM, subjectPath } from '../../../routing/paths';
import { EntryStatusChip } from '../visits/EntryStatusChip';
import { MarkChip } from '../visits/MarkChip';
import { useVisitLabel } from '../visits/visitDialogs';
import { openTasksOf } from './openTasks';

const visitId = (v: VisitRow) => `${v.visitnum}.${v.cycnum}.${v.svnum}`;

export function SubjectInfoPage() {
  const [params] = useSearchParams();
  const subjectid = params.get(SUBJECT_INFO_PARAM)?.trim() ?? '';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880 }} data-testid="subject-info">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        <FormattedMessage id="subjectInfo.title" />
      </Typography>
      {subjectid ? (
        <SubjectOverview key={subjectid} subjectid={subjectid} />
      ) : (
        <Typography data-testid="subject-info-missing">
          <FormattedMessage id="subjectInfo.noSubject" />
        </Typography>
      )}
      <Button
        component={RouterLink}
        to={PATHS.subjects}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="subject-info-list"
      >
        <FormattedMessage id="subject.backToList" />
      </Button>
    </Box>
  );
}

function SubjectOverview({ subjectid }: { subjectid: string }) {
  const { store } = usePlatform();
  const [zone] = useState(() => userTimeZone(store));
  const subject = useEndpoint(subjectInfo, { subjectid });
  return (
    <AsyncView
      state={subject}
      failed={<FormattedMessage id="subject.loadFailed" />}
      refused={<FormattedMessage id="subject.notAvailable" />}
      retryLabel={<FormattedMessage id="grid.retry" />}
      isEmpty={() => false}
      data-testid="subject-info-subject"
    >
      {(s) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }} data-testid="subject-info-number">
              {s.subjid}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              component={RouterLink}
              to={subjectPath(PATHS.subjects, s.subjectid)}
              data-testid="subject-info-open"
            >
              <FormattedMessage id="subjectInfo.openSubject" />
            </Button>
          </Box>
          <RecordView
            columnsPath={listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY)}
            row={s}
            userTimeZone={zone}
            testIdPrefix="subject-info"
          />
          <VisitsAndTasks subjectid={s.subjectid} />
        </Box>
      )}
    </AsyncView>
  );
}

function VisitsAndTasks({ subjectid }: { subjectid: string }) {
  const label = useVisitLabel();
  const visits = useEndpoint(visitList, { subjectid });
  const queries = useEndpoint(selectNoCHQueryStatus, { subjectid });
  const counts = queries.status === 'ready' ? queries.data : null;
  return (
    <AsyncView
      state={visits}
      failed={<FormattedMessage id="visit.loadFailed" />}
      retryLabel={<FormattedMessage id="grid.retry" />}
      isEmpty={() => false}
      data-testid="subject-info-visits"
    >
      {(list) => {
        const tasks = openTasksOf(list, counts);
        return (
          <>
            <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography variant="h6" component="h2">
                <FormattedMessage id="subjectInfo.tasks" />
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="subject-info-tasks">
                {queries.status === 'ready' ? (
                  <>
                    <li data-testid="subject-info-open-queries">
                      <FormattedMessage id="subjectInfo.openQueries" values={{ count: tasks.openQueries }} />
                    </li>
                    <li data-testid="subject-info-answered-queries">
                      <FormattedMessage
                        id="subjectInfo.answeredQueries"
                        values={{ count: tasks.answeredQueries }}
                      />
                    </li>
                  </>
                ) : queries.status === 'refused' || queries.status === 'failed' ? (
                  <li data-testid="subject-info-queries-unknown">
                    <FormattedMessage id="subjectInfo.queriesUnknown" />
                  </li>
                ) : null}
                <li data-testid="subject-info-pages-to-enter">
                  <FormattedMessage id="subjectInfo.pagesToEnter" values={{ count: tasks.pagesToEnter }} />
                  {tasks.toEnter.length > 0 ? (
                    <Box component="ul" sx={{ m: 0, pl: 3 }}>
                      {tasks.toEnter.map(({ visit, missing }) => (
                        <li key={visitId(visit)} data-testid={`subject-info-to-enter-${visitId(visit)}`}>
                          <FormattedMessage
                            id="subjectInfo.visitPagesToEnter"
                            values={{ visit: label(visit), count: missing }}
                          />
                        </li>
                      ))}
                    </Box>
                  ) : null}
                </li>
              </Box>
            </Box>
            <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography variant="h6" component="h2">
                <FormattedMessage id="subjectInfo.timeline" />
              </Typography>
              {list.length === 0 ? (
                <Typography>
                  <FormattedMessage id="visit.none" />
                </Typography>
              ) : (
                <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                  {list.map((visit) => {
                    const id = visitId(visit);
                    return (
                      <Paper
                        key={id}
                        component="li"
                        variant="outlined"
                        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 }}
                        data-testid={`subject-info-visit-${id}`}
                      >
                        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
                          {visit.visitdate ?? <FormattedMessage id="visit.noDate" />}
                        </Typography>
                        <Typography sx={{ fontWeight: 600, flex: 1 }}>{label(visit)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          <FormattedMessage
                            id="visit.formsEntered"
                            values={{ entered: visit.enteredCount, total: visit.formCount }}
                          />
                        </Typography>
                        {visit.mark ? (
                          <MarkChip mark={visit.mark} testId={`subject-info-visit-mark-${id}`} />
                        ) : null}
                        {visit.mark && visit.status === '0' ? null : (
                          <EntryStatusChip status={visit.status} testId={`subject-info-visit-status-${id}`} />
                        )}
                      </Paper>
                    );
                  })}
                </Box>
              )}
            </Box>
          </>
        );
      }}
    </AsyncView>
  );
}
