import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { tableList, visitList, type TableRow, type VisitRow } from '../../../../engine/api/visits';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useMetaText } from '../../../../renderers/search/metadataText';
import { formPath } from '../../../routing/formPaths';
import { EntryStatusChip } from './EntryStatusChip';

const visitId = (v: VisitRow) => `${v.visitnum}.${v.cycnum}.${v.svnum}`;

export interface VisitsPanelProps {
  subjectid: string;
  /** Route of the subject list (inside the shell or standalone): the form pages open below it. */
  base: string;
}

/** A subject's visits with their entry status; a visit opens to its forms, each a link to its page. */
export function VisitsPanel({ subjectid, base }: VisitsPanelProps) {
  const text = useMetaText();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const visits = useEndpoint(visitList, { subjectid });

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
      <AsyncView
        state={visits}
        failed={<FormattedMessage id="visit.loadFailed" />}
        retryLabel={<FormattedMessage id="grid.retry" />}
        empty={<FormattedMessage id="visit.none" />}
      >
        {(list) =>
          list.map((visit) => {
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
        }
      </AsyncView>
    </Box>
  );
}

function VisitForms({ subjectid, base, visit }: { subjectid: string; base: string; visit: VisitRow }) {
  const text = useMetaText();
  const { visitnum, cycnum, svnum } = visit;
  const forms = useEndpoint(tableList, { subjectid, visitnum, cycnum, svnum });
  return (
    <AsyncView
      state={forms}
      failed={<FormattedMessage id="visit.formsLoadFailed" />}
      retryLabel={<FormattedMessage id="grid.retry" />}
      isEmpty={() => false}
    >
      {(list) => (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 2, pb: 1.5, pt: 0 }}>
          {list.map((form: TableRow) => (
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
      )}
    </AsyncView>
  );
}
