/**
 * The audit trail of one record, oldest first: what was entered or changed (variable, label, old → new value), why,
 * by whom in which role, and when — in the user's time zone. Codes of choice items are shown by their option label,
 * options of code-list items (`codelisttype`) coming from the app's shared code-list cache.
 */
import { useContext, useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl, type IntlShape } from '../intl';
import type { AuditTrailRow } from '../../engine/api/data';
import { formatDateInZone } from '../../engine/fieldTypes/dates';
import type { Locale } from '../../engine/api/localized';
import { fieldTypeOf } from '../../engine/form';
import type { CompiledForm } from '../../engine/form/types';
import type { CodeListCache } from '../../engine/list/codeListCache';
import { metaText } from '../../engine/metadata/metaText';
import type { CodeOption } from '../../engine/metadata/types';
import { ApiClientContext } from '../apiClientContext';
import { LoadFailed } from '../LoadFailed';
import { PageLoading } from '../PageLoading';
import { codeListCacheFor } from '../search/codeLists';
import { useEngineLocale } from '../search/metadataText';

export interface AuditTrailDialogProps {
  open: boolean;
  /** The rows (oldest first); null while loading. */
  rows: readonly AuditTrailRow[] | null;
  /** Loading failed: shown with a retry. */
  failed?: boolean;
  onRetry?(): void;
  onClose(): void;
  /** The user's IANA time zone (login info). */
  userTimeZone: string;
  /** Labels of variables whose audit row carries none. */
  form?: CompiledForm | null;
}

const COLUMN_IDS = [
  'audit.column.variable',
  'audit.column.label',
  'audit.column.old',
  'audit.column.new',
  'audit.column.reason',
  'audit.column.user',
  'audit.column.role',
  'audit.column.time',
] as const;

const BLANK = '—';
const shown = (value: string | null) => (value === null || value === '' ? BLANK : value);

/** How the audit trail joins the codes of a list item (engine/form toAuditText). */
const AUDIT_LIST_SEPARATOR = ', ';

/** The options of a code list if already loaded (`CodeListCache.peek`). */
export type LoadedCodeList = (codelisttype: string) => readonly CodeOption[] | undefined;

/**
 * A stored audit value as the auditor reads it: codes of choice items shown by their option label in the UI
 * language with the stored code kept visible (`中度 (MODERATE)`), list items code by code; text, numbers, dates and
 * codes without a known option exactly as stored. Options are the item's inline ones or, for a `codelisttype`
 * item, its code list once loaded (until then, the stored code).
 */
export function auditValueText(
  intl: IntlShape,
  locale: Locale,
  form: CompiledForm | null | undefined,
  variable: string,
  stored: string | null,
  loadedCodeList?: LoadedCodeList,
): string {
  if (stored === null || stored === '') return BLANK;
  const item = form?.items.get(variable);
  const inline = item?.options;
  const options =
    inline && inline.length > 0
      ? inline
      : item?.codelisttype
        ? loadedCodeList?.(item.codelisttype)
        : undefined;
  if (!form || !options || options.length === 0) return stored;
  const labels = new Map(options.map((o) => [o.value, metaText(o.label, locale)]));
  const one = (code: string) => {
    const label = labels.get(code);
    return label === undefined || label === code
      ? code
      : intl.formatMessage({ id: 'audit.optionValue' }, { label, code });
  };
  const isList = fieldTypeOf(form, variable)?.valueKind === 'list';
  // a code that itself contains the separator is one option, not two
  if (!isList || labels.has(stored)) return one(stored);
  return stored.split(AUDIT_LIST_SEPARATOR).map(one).join(AUDIT_LIST_SEPARATOR);
}

/** The code lists behind the `codelisttype` items (without inline options) that appear in the rows. */
function codeListTypesOf(
  form: CompiledForm | null | undefined,
  rows: readonly AuditTrailRow[] | null,
): string[] {
  if (!form || !rows) return [];
  const types = new Set<string>();
  for (const row of rows) {
    const item = form.items.get(row.varname);
    if (item?.codelisttype && !(item.options && item.options.length > 0)) types.add(item.codelisttype);
  }
  return [...types].sort();
}

/**
 * Loads, once the dialog is open with rows, the code lists its values need, through the app's shared cache; the
 * result is what is loaded so far. Never blocks and never toasts: a list still loading or failed leaves its codes as
 * stored (the cache loads silently and keeps no failure).
 */
function useAuditCodeLists(
  open: boolean,
  form: CompiledForm | null | undefined,
  rows: readonly AuditTrailRow[] | null,
): LoadedCodeList | undefined {
  const client = useContext(ApiClientContext);
  const cache: CodeListCache | null = client ? codeListCacheFor(client) : null;
  const typesKey = useMemo(() => codeListTypesOf(form, rows).join('\n'), [form, rows]);
  const [, setLoadedCount] = useState(0);

  useEffect(() => {
    if (!open || !cache || typesKey === '') return;
    let current = true;
    for (const type of typesKey.split('\n')) {
      if (cache.peek(type)) continue;
      cache.get(type).then(
        () => {
          if (current) setLoadedCount((n) => n + 1);
        },
        () => {
          // the stored codes stay shown; the trail is readable without labels
        },
      );
    }
    return () => {
      current = false;
    };
  }, [open, cache, typesKey]);

  return cache ? (type) => cache.peek(type) : undefined;
}

export function AuditTrailDialog({
  open,
  rows,
  failed = false,
  onRetry,
  onClose,
  userTimeZone,
  form,
}: AuditTrailDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const loadedCodeList = useAuditCodeLists(open, form, rows);
  const labelOf = (row: AuditTrailRow) => {
    const label = row.label ?? form?.items.get(row.varname)?.label ?? null;
    return label === null ? '' : metaText(label, locale);
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="audit-trail-title">
      <DialogTitle id="audit-trail-title">
        <FormattedMessage id="audit.title" />
      </DialogTitle>
      <DialogContent dividers>
        {failed ? (
          <LoadFailed
            message={<FormattedMessage id="audit.failed" />}
            retryLabel={<FormattedMessage id="audit.retry" />}
            onRetry={onRetry ?? onClose}
          />
        ) : rows === null ? (
          <PageLoading />
        ) : rows.length === 0 ? (
          <Typography variant="body2" data-testid="audit-empty">
            <FormattedMessage id="audit.empty" />
          </Typography>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              <FormattedMessage id="audit.timeZone" values={{ zone: userTimeZone }} />
            </Typography>
            <Table size="small" data-testid="audit-table">
              <TableHead>
                <TableRow>
                  {COLUMN_IDS.map((id) => (
                    <TableCell key={id}>{intl.formatMessage({ id })}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} data-testid="audit-row" data-action={row.action}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{row.varname}</TableCell>
                    <TableCell>{labelOf(row)}</TableCell>
                    <TableCell data-testid="audit-old">
                      {auditValueText(intl, locale, form, row.varname, row.originalvalue, loadedCodeList)}
                    </TableCell>
                    <TableCell data-testid="audit-new">
                      {auditValueText(intl, locale, form, row.varname, row.currentvalue, loadedCodeList)}
                    </TableCell>
                    <TableCell>
                      {row.action === 'create' && row.note === null ? (
                        <FormattedMessage id="audit.action.create" />
                      ) : (
                        shown(row.note)
                      )}
                    </TableCell>
                    <TableCell>
                      <FormattedMessage
                        id="audit.user"
                        values={{ realname: row.realname, username: row.username }}
                      />
                    </TableCell>
                    <TableCell>{metaText(row.role, locale)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="audit-time">
                      {formatDateInZone(row.at, userTimeZone, true)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="audit.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
