/**
 * The subject's casebook panel on the subject page: protocol and eCRF versions, workflow state, the actions the
 * server grants on it (the subject action registry: change base info, change registration, change state — each a
 * dialog with a reason) and its audit trail (who, role, site, when in the user's zone, old → new, why).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import {
  subjectBase,
  type SubjectAuditRow,
  type SubjectBase,
  type SubjectRow,
} from '../../../../engine/api/subjects';
import { formatDateInZone } from '../../../../engine/fieldTypes/dates';
import { metaText } from '../../../../engine/metadata/metaText';
import { AsyncView } from '../../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { useEngineLocale } from '../../../../renderers/search/metadataText';
import { defaultSubjectActions, subjectActionsFor, type SubjectActionRegistry } from './subjectActions';

export interface SubjectBasePanelProps {
  subjectid: string;
  userTimeZone: string;
  /** A change was saved (the page reads the subject again). */
  onChanged?(row: SubjectRow): void;
  actions?: SubjectActionRegistry;
}

export function SubjectBasePanel({
  subjectid,
  userTimeZone,
  onChanged,
  actions = defaultSubjectActions,
}: SubjectBasePanelProps) {
  const [reloads, setReloads] = useState(0);
  const base = useEndpoint(subjectBase, { subjectid }, { reloadToken: reloads });
  return (
    <AsyncView
      state={base}
      failed={<FormattedMessage id="casebook.base.loadFailed" />}
      refused={<FormattedMessage id="subject.notAvailable" />}
      retryLabel={<FormattedMessage id="grid.retry" />}
      isEmpty={() => false}
    >
      {(b) => (
        <SubjectBaseView
          base={b}
          userTimeZone={userTimeZone}
          actions={actions}
          onChanged={(row) => {
            setReloads((n) => n + 1);
            onChanged?.(row);
          }}
        />
      )}
    </AsyncView>
  );
}

export interface SubjectBaseViewProps {
  base: SubjectBase;
  userTimeZone: string;
  actions: SubjectActionRegistry;
  onChanged(row: SubjectRow): void;
}

export function SubjectBaseView({ base, userTimeZone, actions, onChanged }: SubjectBaseViewProps) {
  const intl = useIntl();
  const [open, setOpen] = useState<string | null>(null);
  const offered = subjectActionsFor(actions.list(), base);
  const action = offered.find((a) => a.id === open);
  return (
    <Box
      component="section"
      aria-labelledby="subject-base-title"
      sx={{ display: 'grid', gap: 1.5 }}
      data-testid="subject-base"
    >
      <Typography id="subject-base-title" variant="h6" component="h2">
        <FormattedMessage id="casebook.base.title" />
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <dt>
          <FormattedMessage id="casebook.status" />
        </dt>
        <dd style={{ margin: 0 }} data-testid="subject-base-status">
          {intl.formatMessage({ id: `casebook.status.${base.subject.status}` })}
        </dd>
        <dt>
          <FormattedMessage id="casebook.protover" />
        </dt>
        <dd style={{ margin: 0 }} data-testid="subject-base-protover">
          {base.protover.name}
        </dd>
        <dt>
          <FormattedMessage id="casebook.crfver" />
        </dt>
        <dd style={{ margin: 0 }} data-testid="subject-base-crfver">
          {base.crfver.name}
        </dd>
      </Box>
      {offered.length > 0 ? (
        <Box
          role="toolbar"
          aria-label={intl.formatMessage({ id: 'casebook.base.actions' })}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          {offered.map((a) => (
            <Button
              key={a.id}
              size="small"
              variant="outlined"
              onClick={() => setOpen(a.id)}
              data-testid={`subject-action-${a.id}`}
            >
              <FormattedMessage id={a.labelId} />
            </Button>
          ))}
        </Box>
      ) : null}
      {action ? (
        <action.Dialog
          base={base}
          onClose={() => setOpen(null)}
          onChanged={(row) => {
            setOpen(null);
            onChanged(row);
          }}
        />
      ) : null}
      <SubjectAuditTable rows={base.audit} userTimeZone={userTimeZone} />
    </Box>
  );
}

/** A field's value as users read it: a status and a sex by their names, the rest as stored. */
function valueText(intl: ReturnType<typeof useIntl>, field: string, value: string | null): string {
  if (value === null) return '';
  if (field === 'status') return intl.formatMessage({ id: `casebook.status.${value}` });
  if (field === 'sex' && (value === 'M' || value === 'F'))
    return intl.formatMessage({ id: `casebook.sex.${value}` });
  return value;
}

export function SubjectAuditTable({
  rows,
  userTimeZone,
}: {
  rows: readonly SubjectAuditRow[];
  userTimeZone: string;
}) {
  const intl = useIntl();
  const locale = useEngineLocale();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle1" component="h3" id="subject-audit-title">
        <FormattedMessage id="casebook.audit.title" />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <FormattedMessage id="audit.timeZone" values={{ zone: userTimeZone }} />
      </Typography>
      <Table size="small" aria-labelledby="subject-audit-title" data-testid="subject-audit">
        <TableHead>
          <TableRow>
            <TableCell>
              <FormattedMessage id="casebook.audit.time" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.audit.user" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.audit.role" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.site" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.audit.field" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.audit.old" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.audit.new" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="casebook.reason" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="subject-audit-row" data-action={r.action} data-field={r.field}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateInZone(r.at, userTimeZone, true)}
              </TableCell>
              <TableCell>
                {r.realname} ({r.username})
              </TableCell>
              <TableCell>{metaText(r.role, locale)}</TableCell>
              <TableCell>{r.sitecode}</TableCell>
              <TableCell>{intl.formatMessage({ id: `casebook.field.${r.field}` })}</TableCell>
              <TableCell>{valueText(intl, r.field, r.originalvalue)}</TableCell>
              <TableCell>{valueText(intl, r.field, r.currentvalue)}</TableCell>
              <TableCell>{r.reason ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
