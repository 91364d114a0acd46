import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { tableList, visitList, type TableRow, type VisitRow } from '../../../engine/api/visits';
import { LoadFailed } from '../../../renderers/LoadFailed';
import { PageLoading } from '../../../renderers/PageLoading';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useMetaText } from '../../../renderers/search/metadataText';
import { formPath } from '../../routing/formPaths';
import { EntryStatusChip } from './EntryStatusChip';

type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/** Loads with `load` whenever `deps` change; `retry` loads again. */
function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    load().then(
      (data) => current && setLoaded({ status: 'ready', data }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` name what `load` reads
  }, [...deps, attempt]);
  return [loaded, () => setAttempt((n) => n + 1)];
}

const visitId = (v: VisitRow) => `${v.visitnum}.${v.cycnum}.${v.svnum}`;

export interface VisitsPanelProps {
  subjectid: string;
  /** Route of the subject list (inside the shell or standalone): the form pages open below it. */
  base: string;
}

/** A subject's visits with their entry status; a visit opens to its forms, each a link to its page. */
export function VisitsPanel({ subjectid, base }: VisitsPanelProps) {
  const client = useApiClient();
  const text = useMetaText();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [visits, retry] = useLoad(
    () => client.call(visitList, { subjectid }, { silent: true }),
    [client, subjectid],
  );

  const toggle = (id: string) =>
    setOpen((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Box
      component="section"
      data-testid="visits-panel"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="h6" component="h2">
        <FormattedMessage id="visit.title" />
      </Typography>
      {visits.status === 'loading' ? (
        <PageLoading />
      ) : visits.status === 'failed' ? (
        <LoadFailed
          message={<FormattedMessage id="visit.loadFailed" />}
          retryLabel={<FormattedMessage id="grid.retry" />}
          onRetry={retry}
        />
      ) : visits.data.length === 0 ? (
        <Typography color="text.secondary">
          <FormattedMessage id="visit.none" />
        </Typography>
      ) : (
        visits.data.map((visit) => {
          const id = visitId(visit);
          const expanded = open.has(id);
          return (
            <Paper key={id} variant="outlined" data-testid={`visit-${id}`}>
              <ButtonBase
                onClick={() => toggle(id)}
                aria-expanded={expanded}
                sx={{
                  width: '100%',
                  justifyContent: 'flex-start',
                  gap: 2,
                  px: 2,
                  py: 1.25,
                  textAlign: 'left',
                }}
              >
                <Typography sx={{ fontWeight: 600, flex: 1 }}>{text(visit.name)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {visit.visitdate ?? <FormattedMessage id="visit.noDate" />}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage
                    id="visit.formsEntered"
                    values={{ entered: visit.enteredCount, total: visit.formCount }}
                  />
                </Typography>
                <EntryStatusChip status={visit.status} testId={`visit-status-${id}`} />
              </ButtonBase>
              {expanded ? <VisitForms subjectid={subjectid} base={base} visit={visit} /> : null}
            </Paper>
          );
        })
      )}
    </Box>
  );
}

function VisitForms({ subjectid, base, visit }: { subjectid: string; base: string; visit: VisitRow }) {
  const client = useApiClient();
  const text = useMetaText();
  const { visitnum, cycnum, svnum } = visit;
  const [forms, retry] = useLoad(
    () => client.call(tableList, { subjectid, visitnum, cycnum, svnum }, { silent: true }),
    [client, subjectid, visitnum, cycnum, svnum],
  );
  if (forms.status === 'loading') return <PageLoading />;
  if (forms.status === 'failed') {
    return (
      <LoadFailed
        message={<FormattedMessage id="visit.formsLoadFailed" />}
        retryLabel={<FormattedMessage id="grid.retry" />}
        onRetry={retry}
      />
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 2, pb: 1.5, pt: 0 }}>
      {forms.data.map((form: TableRow) => (
        <Box
          component="li"
          key={form.tid}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            py: 0.75,
            borderTop: 1,
            borderColor: 'divider',
          }}
          data-testid={`form-${visitnum}.${cycnum}.${svnum}-${form.tid}`}
        >
          <Link
            component={RouterLink}
            to={formPath(base, subjectid, { visitnum, cycnum, svnum, tid: form.tid })}
            sx={{ flex: 1 }}
          >
            {text(form.name)}
          </Link>
          {form.logline ? (
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="visit.lines" values={{ count: form.lines }} />
            </Typography>
          ) : null}
          <EntryStatusChip status={form.status} />
        </Box>
      ))}
    </Box>
  );
}
