/**
 * One term's coding (getCodingInfo.do): the verbatim term, its status and code with the dictionary hierarchy
 * (CodingDetails), the coding history (who, when, from, to, why) and, for a role that may code, the dictionary search
 * and Code / Recode (a recode asks for its reason before any request). Used by the item's coding dialog on the form
 * page and by the coder's worklist.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import {
  getCodingInfo,
  saveCoding,
  searchDictionary,
  type CodingEntry,
  type CodingTerm,
} from '../../../engine/api/medCoding';
import { RequestError } from '../../../engine/http/requestError';
import { useApiClient } from '../../../renderers/apiClientContext';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { CodingDetails, CodingHistoryTable } from './CodingDetails';

export type CodingTarget = { termid: string } | { recordid: string; variable: string };

export interface CodingPanelProps {
  target: CodingTarget;
  userTimeZone: string;
  /** After the server accepted a code or recode: the term as it is now. */
  onCoded?(term: CodingTerm): void;
}

export function CodingPanel({ target, userTimeZone, onCoded }: CodingPanelProps) {
  const [version, setVersion] = useState(0);
  const params =
    'termid' in target
      ? { termid: target.termid, recordid: undefined, variable: undefined }
      : { termid: undefined, recordid: target.recordid, variable: target.variable };
  const state = useEndpoint(getCodingInfo, params, { reloadToken: version });
  return (
    <AsyncView state={state} data-testid="coding-info" isEmpty={() => false}>
      {(info) => (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <CodingDetails term={info.term} dictionary={info.dictionary} userTimeZone={userTimeZone} />
          {info.canCode ? (
            <CodeTermForm
              key={`${info.term.termid}-${info.term.code ?? ''}`}
              term={info.term}
              onCoded={(term) => {
                setVersion((v) => v + 1);
                onCoded?.(term);
              }}
            />
          ) : null}
          <CodingHistoryTable history={info.history} userTimeZone={userTimeZone} />
        </Box>
      )}
    </AsyncView>
  );
}

const failure = (err: unknown, fallback: string) =>
  err instanceof RequestError && err.msg ? err.msg : fallback;

/** Search the dictionary, pick an entry, code (or recode with a reason). */
export function CodeTermForm({ term, onCoded }: { term: CodingTerm; onCoded(term: CodingTerm): void }) {
  const intl = useIntl();
  const client = useApiClient();
  const [q, setQ] = useState(term.verbatim);
  const [results, setResults] = useState<readonly CodingEntry[] | null>(null);
  const [chosen, setChosen] = useState<CodingEntry | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const recode = term.status === 'coded';

  async function search() {
    if (q.trim() === '') return;
    setBusy(true);
    setRefusal(null);
    try {
      const found = await client.call(
        searchDictionary,
        { dictionary: term.dictionary, q: q.trim(), size: 20 },
        { silent: true },
      );
      setResults(found.list);
      setChosen(null);
    } catch (err) {
      setRefusal(failure(err, intl.formatMessage({ id: 'coding.searchFailed' })));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!chosen) {
      setRefusal(intl.formatMessage({ id: 'coding.chooseEntry' }));
      return;
    }
    if (recode && reason.trim() === '') {
      setRefusal(intl.formatMessage({ id: 'coding.reasonRequired' }));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const done = await client.call(
        saveCoding,
        {
          termid: term.termid,
          code: chosen.code,
          verbatim: term.verbatim,
          reason: recode ? reason.trim() : null,
        },
        { silent: true },
      );
      onCoded(done.term);
    } catch (err) {
      setRefusal(failure(err, intl.formatMessage({ id: 'coding.failed' })));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="coding-form">
      <Box
        component="form"
        sx={{ display: 'flex', gap: 1 }}
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={intl.formatMessage({ id: 'coding.search' })}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'coding-search-input', maxLength: 100 } }}
        />
        <Button type="submit" variant="outlined" disabled={busy} data-testid="coding-search">
          <FormattedMessage id="coding.searchButton" />
        </Button>
      </Box>
      {results !== null && results.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="coding-no-results">
          <FormattedMessage id="coding.noResults" />
        </Typography>
      ) : null}
      {results !== null && results.length > 0 ? (
        <List dense data-testid="coding-results" sx={{ maxHeight: 240, overflow: 'auto' }}>
          {results.map((entry) => (
            <ListItemButton
              key={entry.code}
              selected={chosen?.code === entry.code}
              onClick={() => setChosen(entry)}
              data-testid={`coding-result-${entry.code}`}
            >
              <ListItemText
                primary={`${entry.name} (${entry.code})`}
                secondary={entry.path
                  .slice(1)
                  .map((l) => `${l.level} ${l.name}`)
                  .join(' › ')}
              />
            </ListItemButton>
          ))}
        </List>
      ) : null}
      {recode ? (
        <TextField
          size="small"
          required
          label={intl.formatMessage({ id: 'coding.reason' })}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'coding-reason', maxLength: 500 } }}
        />
      ) : null}
      {refusal ? (
        <Alert severity="error" data-testid="coding-refusal">
          {refusal}
        </Alert>
      ) : null}
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="coding-save">
          <FormattedMessage id={recode ? 'coding.recode' : 'coding.code'} />
        </Button>
      </Box>
    </Box>
  );
}
