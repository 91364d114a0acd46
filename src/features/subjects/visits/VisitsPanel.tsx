/**
 * A subject's visits (the visit grid): each with its entry status and its mark, and the actions the server allows
 * the session on it (visitlist.do `actions`: next cycle, delete, add eCRF, mark, make valid again); a visit opens
 * to its forms, each a link to its page with its status, mark and actions. Add visit when the server allows it
 * (hidevisitlist.do); the marked pages and the visit audit trail on demand. Every change reads the grid again.
 */
import { useState } from 'react';
import { FormattedMessage } from '../../../../renderers/intl';
import { RouterLink } from '../../../routing/RouterLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  hideVisitList,
  tableList,
  visitList,
  type PageAction,
  type TableRow,
  type VisitAction,
  type VisitRow,
} from '../../../../engine/api/visits';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useMetaText } from '../../../../renderers/search/metadataText';
import { formPath } from '../../../routing/formPaths';
import { ActionsMenu } from './ActionsMenu';
import { EntryStatusChip } from './EntryStatusChip';
import { MarkChip } from './MarkChip';
import { VisitHistory } from './VisitHistory';
import { AddVisitDialog, VisitActionDialog, useVisitLabel, type VisitTarget } from './visitDialogs';

const visitId = (v: VisitRow) => `${v.visitnum}.${v.cycnum}.${v.svnum}`;

export interface VisitsPanelProps {
  subjectid: string;
  /** Route of the subject list (inside the shell or standalone): the form pages open below it. */
  base: string;
  /** The user's time zone, for the visit audit trail. */
  userTimeZone?: string;
}

type Pending = { target: VisitTarget; action: VisitAction | PageAction } | { add: true } | null;

export function VisitsPanel({ subjectid, base, userTimeZone = 'UTC' }: VisitsPanelProps) {
  const label = useVisitLabel();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [changes, setChanges] = useState(0);
  const [pending, setPending] = useState<Pending>(null);
  const [history, setHistory] = useState(false);
  const visits = useEndpoint(visitList, { subjectid }, { reloadToken: changes });
  const adding = useEndpoint(hideVisitList, { subjectid }, { reloadToken: changes });

  const toggle = (id: string) =>
    setOpen((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const done = () => {
    setPending(null);
    setChanges((n) => n + 1);
  };

  return (
    <Box
      component="section"
      data-testid="visits-panel"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          <FormattedMessage id="visit.title" />
        </Typography>
        {adding.status === 'ready' && adding.data.allowed ? (
          <Button
            variant="outlined"
            size="small"
            onClick={() => setPending({ add: true })}
            data-testid="visit-add"
          >
            <FormattedMessage id="visit.add" />
          </Button>
        ) : null}
        <Button
          size="small"
          onClick={() => setHistory((h) => !h)}
          aria-expanded={history}
          data-testid="visit-history-toggle"
        >
          <FormattedMessage id={history ? 'visit.history.hide' : 'visit.history.show'} />
        </Button>
      </Box>
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
                <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
                  <ButtonBase
                    onClick={() => toggle(id)}
                    aria-expanded={expanded}
                    sx={{ flex: 1, justifyContent: 'flex-start', gap: 2, px: 2, py: 1.25, textAlign: 'left' }}
                  >
                    <Typography sx={{ fontWeight: 600, flex: 1 }}>{label(visit)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {visit.visitdate ?? <FormattedMessage id="visit.noDate" />}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      <FormattedMessage
                        id="visit.formsEntered"
                        values={{ entered: visit.enteredCount, total: visit.formCount }}
                      />
                    </Typography>
                    {visit.mark ? <MarkChip mark={visit.mark} testId={`visit-mark-${id}`} /> : null}
                    {visit.mark && visit.status === '0' ? null : (
                      <EntryStatusChip status={visit.status} testId={`visit-status-${id}`} />
                    )}
                  </ButtonBase>
                  <ActionsMenu
                    actions={visit.actions}
                    testId={`visit-actions-${id}`}
                    onPick={(action) => setPending({ target: { subjectid, visit }, action })}
                  />
                </Box>
                {expanded ? (
                  <VisitForms
                    subjectid={subjectid}
                    base={base}
                    visit={visit}
                    reloadToken={changes}
                    onAction={(form, action) => setPending({ target: { subjectid, visit, form }, action })}
                  />
                ) : null}
              </Paper>
            );
          })
        }
      </AsyncView>
      {history ? (
        <VisitHistory subjectid={subjectid} userTimeZone={userTimeZone} reloadToken={changes} />
      ) : null}
      {pending && 'add' in pending ? (
        <AddVisitDialog subjectid={subjectid} onClose={() => setPending(null)} onDone={done} />
      ) : pending ? (
        <VisitActionDialog
          target={pending.target}
          action={pending.action}
          onClose={() => setPending(null)}
          onDone={done}
        />
      ) : null}
    </Box>
  );
}

function VisitForms({
  subjectid,
  base,
  visit,
  reloadToken,
  onAction,
}: {
  subjectid: string;
  base: string;
  visit: VisitRow;
  reloadToken: number;
  onAction(form: TableRow, action: PageAction): void;
}) {
  const text = useMetaText();
  const { visitnum, cycnum, svnum } = visit;
  const forms = useEndpoint(tableList, { subjectid, visitnum, cycnum, svnum }, { reloadToken });
  return (
    <AsyncView
      state={forms}
      failed={<FormattedMessage id="visit.formsLoadFailed" />}
      retryLabel={<FormattedMessage id="grid.retry" />}
      isEmpty={() => false}
    >
      {(list) => (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 2, pb: 1.5, pt: 0 }}>
          {list.map((form: TableRow) => {
            const id = `${visitnum}.${cycnum}.${svnum}-${form.tid}`;
            return (
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
                data-testid={`form-${id}`}
              >
                <Link
                  component={RouterLink}
                  to={formPath(base, subjectid, { visitnum, cycnum, svnum, tid: form.tid })}
                  sx={{ flex: 1 }}
                >
                  {text(form.name)}
                </Link>
                {form.optional ? (
                  <Typography variant="caption" color="text.secondary">
                    <FormattedMessage id="visit.optionalForm" />
                  </Typography>
                ) : null}
                {form.logline ? (
                  <Typography variant="body2" color="text.secondary">
                    <FormattedMessage id="visit.lines" values={{ count: form.lines }} />
                  </Typography>
                ) : null}
                {form.mark ? <MarkChip mark={form.mark} testId={`form-mark-${id}`} /> : null}
                {/* "not entered" is derived: a marked page without data shows its mark only */}
                {form.mark && form.status === '0' ? null : (
                  <EntryStatusChip status={form.status} testId={`form-status-${id}`} />
                )}
                <ActionsMenu
                  actions={form.actions}
                  testId={`form-actions-${id}`}
                  onPick={(action) => onAction(form, action)}
                />
              </Box>
            );
          })}
        </Box>
      )}
    </AsyncView>
  );
}
