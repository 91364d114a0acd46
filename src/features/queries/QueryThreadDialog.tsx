/**
 * The query thread beside an item (ItemQueryDialog, opened by the query adornment) or of the page (PageQueryDialog,
 * the page-query record action): every query with its whole history — who, role, when (in the user's time zone),
 * text, state changes — and what the role may do, as the server grants it (`query.*` capabilities): reply (site;
 * to correct the value, change it on the form and save it with a reason), forward to a role, send an answer back
 * (review, reason required), close (reason required: '关闭原因不能为空'), close and requery; raise a new query.
 * After each accepted action the thread is read again and the item's icon follows (onItemState).
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import {
  ODM_QUERY_STATE,
  QUERY_CAPABILITIES,
  QUERY_TEXT_MAX,
  closeAndSaveQuery,
  closeQuery,
  itemQueryOf,
  queryDictList,
  queryHistoryRoleList,
  queryListHistory,
  replyQuery,
  saveQuery,
  type PdType,
  type QueryDictEntry,
  type QueryThread,
} from '../../../engine/api/queries';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import { dictText } from './dictText';
import type { ItemAdornmentDialogProps } from '../../../renderers/actions/itemAdornments';
import type { ActionDialogProps, RecordActionContext } from '../../../renderers/actions/recordActions';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { LoadFailed } from '../../../renderers/LoadFailed';
import { PageLoading } from '../../../renderers/PageLoading';
import { useEngineLocale } from '../../../renderers/search/metadataText';

const OPEN = new Set(['candidate', 'created', 'answered']);

export function ItemQueryDialog({ ctx, variable, onClose, onItemState }: ItemAdornmentDialogProps) {
  return (
    <QueryThreadDialog
      ctx={ctx}
      variable={variable}
      onClose={onClose}
      onChanged={(threads) => onItemState({ query: itemQueryOf(threads) })}
    />
  );
}

export function PageQueryDialog({ ctx, onClose }: ActionDialogProps) {
  return <QueryThreadDialog ctx={ctx} variable={null} onClose={onClose} onChanged={() => undefined} />;
}

export interface QueryThreadDialogProps {
  ctx: RecordActionContext;
  /** The item; null: the page's queries (page queries and log-line row queries). */
  variable: string | null;
  onClose(): void;
  /** The threads as they are after an accepted action. */
  onChanged(threads: readonly QueryThread[]): void;
}

function errorText(err: unknown, fallback: string): string {
  return err instanceof RequestError && err.msg ? err.msg : fallback;
}

export function QueryThreadDialog({ ctx, variable, onClose, onChanged }: QueryThreadDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [reload, setReload] = useState(0);
  const recordid = ctx.record?.recordid;
  const params =
    recordid === undefined
      ? null
      : variable === null
        ? { recordid, page: true, variable: undefined, queryid: undefined }
        : { recordid, variable, page: undefined, queryid: undefined };
  const read = useEndpoint(queryListHistory, params, { reloadToken: reload });
  const dicts = useEndpoint(queryDictList, {});
  const can = (c: string) => ctx.capabilities.has(c);
  const label = variable === null ? null : (ctx.form.items.get(variable)?.label ?? variable);
  const locale = useEngineLocale();

  /**
   * Runs an accepted action's request, then reads the thread again and tells the page. Only the action's own failure
   * is the caller's failure: once the server has accepted it, a failed re-read must not read as "not done" (the user
   * would send it again and raise a duplicate); the dialog reads the thread again and shows that read's outcome.
   */
  async function act(request: () => Promise<unknown>): Promise<void> {
    await request();
    if (!params) return;
    try {
      onChanged(await client.call(queryListHistory, params, { silent: true }));
    } catch {
      // the dialog's own read (reloaded below) shows whether the thread can be read now
    }
    setReload((n) => n + 1);
  }

  const threads = read.status === 'ready' ? (read.data as QueryThread[]) : null;
  const closeReasons = dicts.status === 'ready' ? dicts.data.closeReasons : [];
  const addReasons = dicts.status === 'ready' ? dicts.data.addReasons : [];
  const pdTypes = dicts.status === 'ready' ? dicts.data.pdTypes : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="query-thread-title">
      <DialogTitle id="query-thread-title">
        {label === null ? (
          <FormattedMessage id="queries.thread.pageTitle" />
        ) : (
          <FormattedMessage
            id="queries.thread.title"
            values={{ item: metaText(label, locale), variable: variable ?? '' }}
          />
        )}
      </DialogTitle>
      <DialogContent dividers data-testid="query-thread">
        {read.status === 'failed' || read.status === 'refused' ? (
          <LoadFailed
            message={<FormattedMessage id="queries.thread.failed" />}
            retryLabel={<FormattedMessage id="queries.thread.retry" />}
            onRetry={read.retry}
          />
        ) : threads === null ? (
          <PageLoading />
        ) : (
          <Stack spacing={2}>
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage id="queries.thread.timeZone" values={{ zone: ctx.userTimeZone }} />
            </Typography>
            {threads.length === 0 ? (
              <Typography variant="body2" data-testid="query-thread-empty">
                <FormattedMessage id="queries.thread.empty" />
              </Typography>
            ) : (
              threads.map((t) => (
                <ThreadCard
                  key={t.queryid}
                  thread={t}
                  ctx={ctx}
                  can={can}
                  closeReasons={closeReasons}
                  addReasons={addReasons}
                  pdTypes={pdTypes}
                  act={act}
                />
              ))
            )}
            {can(QUERY_CAPABILITIES.create) && recordid !== undefined ? (
              <NewQuery
                kindLabel={intl.formatMessage({
                  id: variable === null ? 'queries.new.page' : 'queries.new.item',
                })}
                addReasons={addReasons}
                submit={(issuetype, note) =>
                  act(() =>
                    client.call(
                      saveQuery,
                      {
                        recordid,
                        kind: variable === null ? (ctx.lineno === null ? 'page' : 'table') : 'item',
                        variable,
                        issuetype,
                        note,
                      },
                      { silent: true },
                    ),
                  )
                }
              />
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="query-thread-close">
          <FormattedMessage id="queries.thread.done" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ThreadCardProps {
  thread: QueryThread;
  ctx: RecordActionContext;
  can(capability: string): boolean;
  closeReasons: readonly QueryDictEntry[];
  addReasons: readonly QueryDictEntry[];
  pdTypes: readonly PdType[];
  act(request: () => Promise<unknown>): Promise<void>;
}

function ThreadCard({ thread: t, ctx, can, closeReasons, addReasons, pdTypes, act }: ThreadCardProps) {
  const dicts = { closeReasons, addReasons, pdTypes };
  const intl = useIntl();
  const locale = useEngineLocale();
  const client = useApiClient();
  const isOpen = OPEN.has(t.querystatus);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [torole, setTorole] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forwarding, setForwarding] = useState(false);
  const roles = useEndpoint(queryHistoryRoleList, forwarding ? { queryid: t.queryid } : null);
  const failed = intl.formatMessage({ id: 'queries.actionFailed' });

  async function run(check: () => string | null, request: () => Promise<unknown>) {
    setProblem(null);
    const missing = check();
    if (missing) {
      setProblem(missing);
      return;
    }
    setBusy(true);
    try {
      await act(request);
      setText('');
      setReason('');
      setForwarding(false);
    } catch (err) {
      setProblem(errorText(err, failed));
    } finally {
      setBusy(false);
    }
  }
  const needText = () => (text.trim() === '' ? intl.formatMessage({ id: 'queries.textRequired' }) : null);
  const needReason = () => (reason === '' ? intl.formatMessage({ id: 'queries.closeReasonRequired' }) : null);
  const statusLabel = intl.formatMessage({ id: `queries.status.${t.querystatus}` });

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`query-${t.queryid}`}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          size="small"
          color={t.querystatus === 'created' ? 'error' : t.querystatus === 'answered' ? 'warning' : 'default'}
          label={statusLabel}
          title={ODM_QUERY_STATE[t.querystatus]}
          data-testid="query-status"
        />
        <Typography variant="body2">
          <FormattedMessage id={`queries.kind.${t.kind}`} />
        </Typography>
        {t.value !== null ? (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="queries.valueWhenRaised" values={{ value: t.value }} />
          </Typography>
        ) : null}
        {t.modified ? (
          <Chip size="small" color="warning" label={intl.formatMessage({ id: 'queries.modified' })} />
        ) : null}
        {t.issuetype ? (
          <Typography variant="body2" color="text.secondary" data-testid="query-issuetype">
            <FormattedMessage
              id="queries.thread.issueType"
              values={{ type: dictText(t.issuetype, dicts, locale) }}
            />
          </Typography>
        ) : null}
        {t.pdtype ? (
          <Typography variant="body2" color="text.secondary" data-testid="query-pd">
            <FormattedMessage
              id="queries.thread.pd"
              values={{ pd: dictText([t.pdtype, t.pdsubtype].filter(Boolean).join('/'), dicts, locale) }}
            />
          </Typography>
        ) : null}
        {t.torole ? (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="queries.forwardedTo" values={{ role: t.torole }} />
          </Typography>
        ) : null}
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {t.history.map((e) => (
          <Box component="li" key={e.id} data-testid="query-history-entry">
            <Typography variant="caption" color="text.secondary" component="div">
              <FormattedMessage
                id="queries.entry.header"
                values={{
                  action: intl.formatMessage({ id: `queries.action.${e.action}` }),
                  who: `${e.realname} (${e.username})`,
                  role: metaText(e.role, locale),
                  at: formatDateInZone(e.at, ctx.userTimeZone, true),
                }}
              />
            </Typography>
            {e.note !== null ? <Typography variant="body2">{metaText(e.note, locale)}</Typography> : null}
            {e.reason !== null ? (
              <Typography variant="caption" component="div">
                <FormattedMessage
                  id="queries.entry.reason"
                  values={{
                    reason: dictText(e.reason, dicts, locale),
                  }}
                />
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
      {isOpen ? (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          {problem ? (
            <Alert severity="error" data-testid="query-problem">
              {problem}
            </Alert>
          ) : null}
          <TextField
            size="small"
            multiline
            minRows={2}
            label={intl.formatMessage({ id: 'queries.text' })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: QUERY_TEXT_MAX, 'data-testid': 'query-text' } }}
          />
          {can(QUERY_CAPABILITIES.reply) ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button
                variant="contained"
                size="small"
                disabled={busy}
                data-testid="query-reply"
                onClick={() =>
                  void run(needText, () =>
                    client.call(
                      replyQuery,
                      {
                        queryid: t.queryid,
                        action: 'reply',
                        note: text.trim(),
                        torole: null,
                        updatedat: t.updatedat,
                      },
                      { silent: true },
                    ),
                  )
                }
              >
                <FormattedMessage id="queries.reply" />
              </Button>
              {t.variable !== null && ctx.capabilities.has('change') ? (
                <Typography variant="caption" color="text.secondary">
                  <FormattedMessage id="queries.changeValueHint" />
                </Typography>
              ) : null}
            </Stack>
          ) : null}
          {can(QUERY_CAPABILITIES.close) ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
              <TextField
                select
                size="small"
                sx={{ minWidth: 220 }}
                label={intl.formatMessage({ id: 'queries.closeReason' })}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': 'query-close-reason' } as object },
                }}
              >
                {closeReasons.map((r) => (
                  <MenuItem key={r.code} value={r.code}>
                    {metaText(r.text, locale)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                data-testid="query-close"
                onClick={() =>
                  void run(needReason, () =>
                    client.call(
                      closeQuery,
                      {
                        queryids: [t.queryid],
                        reason,
                        note: text.trim() === '' ? null : text.trim(),
                        updatedat: t.updatedat,
                      },
                      { silent: true },
                    ),
                  )
                }
              >
                <FormattedMessage id="queries.close" />
              </Button>
              <Button
                size="small"
                disabled={busy}
                data-testid="query-requery"
                onClick={() =>
                  void run(
                    () => needReason() ?? needText(),
                    () =>
                      client.call(
                        closeAndSaveQuery,
                        {
                          queryid: t.queryid,
                          reason,
                          issuetype: t.issuetype,
                          note: text.trim(),
                          updatedat: t.updatedat,
                        },
                        { silent: true },
                      ),
                  )
                }
              >
                <FormattedMessage id="queries.requery" />
              </Button>
            </Stack>
          ) : null}
          {can(QUERY_CAPABILITIES.review) && t.querystatus === 'answered' ? (
            <Box>
              <Button
                size="small"
                disabled={busy}
                data-testid="query-review"
                onClick={() =>
                  void run(needText, () =>
                    client.call(
                      replyQuery,
                      {
                        queryid: t.queryid,
                        action: 'review',
                        note: text.trim(),
                        torole: null,
                        updatedat: t.updatedat,
                      },
                      { silent: true },
                    ),
                  )
                }
              >
                <FormattedMessage id="queries.review" />
              </Button>
            </Box>
          ) : null}
          {can(QUERY_CAPABILITIES.forward) ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {forwarding ? (
                <TextField
                  select
                  size="small"
                  sx={{ minWidth: 200 }}
                  label={intl.formatMessage({ id: 'queries.forwardTo' })}
                  value={torole}
                  onChange={(e) => setTorole(e.target.value)}
                >
                  {(roles.status === 'ready' ? roles.data.forwardTo : []).map((r) => (
                    <MenuItem key={r.rolecode} value={r.rolecode}>
                      {metaText(r.name, locale)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <Button
                size="small"
                disabled={busy}
                data-testid="query-forward"
                onClick={() => {
                  if (!forwarding) {
                    setForwarding(true);
                    return;
                  }
                  void run(
                    () =>
                      needText() ??
                      (torole === '' ? intl.formatMessage({ id: 'queries.forwardRoleRequired' }) : null),
                    () =>
                      client.call(
                        replyQuery,
                        {
                          queryid: t.queryid,
                          action: 'forward',
                          note: text.trim(),
                          torole,
                          updatedat: t.updatedat,
                        },
                        { silent: true },
                      ),
                  );
                }}
              >
                <FormattedMessage id="queries.forward" />
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

function NewQuery({
  kindLabel,
  addReasons,
  submit,
}: {
  kindLabel: string;
  addReasons: readonly QueryDictEntry[];
  submit(issuetype: string | null, note: string): Promise<void>;
}): ReactNode {
  const intl = useIntl();
  const locale = useEngineLocale();
  const [text, setText] = useState('');
  const [issuetype, setIssuetype] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function raise() {
    setProblem(null);
    if (text.trim() === '') {
      setProblem(intl.formatMessage({ id: 'queries.textRequired' }));
      return;
    }
    setBusy(true);
    try {
      await submit(issuetype === '' ? null : issuetype, text.trim());
      setText('');
      setIssuetype('');
    } catch (err) {
      setProblem(errorText(err, intl.formatMessage({ id: 'queries.actionFailed' })));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="query-new">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {kindLabel}
      </Typography>
      <Stack spacing={1}>
        {problem ? (
          <Alert severity="error" data-testid="query-new-problem">
            {problem}
          </Alert>
        ) : null}
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'queries.issueType' })}
          value={issuetype}
          onChange={(e) => setIssuetype(e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'query-new-issuetype' } as object } }}
        >
          <MenuItem value="">
            <FormattedMessage id="queries.issueType.none" />
          </MenuItem>
          {addReasons.map((r) => (
            <MenuItem key={r.code} value={r.code}>
              {metaText(r.text, locale)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          multiline
          minRows={2}
          label={intl.formatMessage({ id: 'queries.text' })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: QUERY_TEXT_MAX, 'data-testid': 'query-new-text' } }}
        />
        <Box>
          <Button
            variant="contained"
            size="small"
            disabled={busy}
            onClick={() => void raise()}
            data-testid="query-raise"
          >
            <FormattedMessage id="queries.raise" />
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
