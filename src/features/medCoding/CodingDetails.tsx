/**
 * A term's coding in words: the verbatim term, its status (coded by whom and when, or automatically; to code), the
 * dictionary (version; the demo dictionary marked as such) and the coded entry's hierarchy, level by level; and the
 * coding history (who, when, what: from → to, why).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../../renderers/intl';
import type { CodingHistoryRow, CodingTerm, DictionaryInfo } from '../../../engine/api/medCoding';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';

export interface CodingDetailsProps {
  term: CodingTerm;
  dictionary: DictionaryInfo | null;
  userTimeZone: string;
}

export function CodingDetails({ term, dictionary, userTimeZone }: CodingDetailsProps) {
  const when = (value: string | null) => formatDateInZone(value ?? '', userTimeZone, true);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="coding-details" data-coding={term.status}>
      <Typography variant="subtitle1">
        <FormattedMessage id="coding.verbatim" values={{ term: term.verbatim }} />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={term.status === 'coded' ? 'success' : 'warning'}
          label={<FormattedMessage id={`coding.state.${term.status}`} />}
          data-testid="coding-status"
        />
        {term.status === 'coded' ? (
          <Typography variant="body2" color="text.secondary" data-testid="coding-by">
            {term.auto || !term.codedBy ? (
              <FormattedMessage id="coding.autoCoded" values={{ at: when(term.codedAt) }} />
            ) : (
              <FormattedMessage id="coding.codedBy" values={{ user: term.codedBy, at: when(term.codedAt) }} />
            )}
          </Typography>
        ) : null}
      </Box>
      {dictionary ? (
        <Typography variant="body2" color="text.secondary" data-testid="coding-dictionary">
          <FormattedMessage
            id={`coding.dictionary.${term.dictionary}`}
            values={{ version: dictionary.version }}
          />
        </Typography>
      ) : null}
      {dictionary?.demo ? (
        <Alert severity="warning" data-testid="coding-demo">
          <FormattedMessage id="coding.demoDictionary" />
        </Alert>
      ) : null}
      {term.path.length > 0 ? (
        <Table size="small" data-testid="coding-path">
          <TableBody>
            {term.path.map((level) => (
              <TableRow key={level.level}>
                <TableCell sx={{ width: 72, fontWeight: 600 }}>{level.level}</TableCell>
                <TableCell sx={{ width: 110 }}>{level.code}</TableCell>
                <TableCell>{level.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

export function CodingHistoryTable({
  history,
  userTimeZone,
}: {
  history: readonly CodingHistoryRow[];
  userTimeZone: string;
}) {
  const entry = (code: string | null, name: string | null) => (code ? `${name ?? ''} (${code})` : '—');
  if (history.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="coding-history-empty">
        <FormattedMessage id="coding.history.none" />
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="subtitle2">
        <FormattedMessage id="coding.history.title" />
      </Typography>
      <Table size="small" data-testid="coding-history">
        <TableHead>
          <TableRow>
            <TableCell>
              <FormattedMessage id="coding.history.at" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="coding.history.by" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="coding.history.action" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="coding.history.change" />
            </TableCell>
            <TableCell>
              <FormattedMessage id="coding.history.reason" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((row) => (
            <TableRow key={row.id} data-testid={`coding-history-${row.action}`}>
              <TableCell>{formatDateInZone(row.at, userTimeZone, true)}</TableCell>
              <TableCell>{`${row.realname} (${row.username})`}</TableCell>
              <TableCell>
                <FormattedMessage id={`coding.action.${row.action}`} />
              </TableCell>
              <TableCell>
                {row.verbatim ? `“${row.verbatim}”: ` : ''}
                {entry(row.fromCode, row.fromName)} → {entry(row.toCode, row.toName)}
              </TableCell>
              <TableCell>{row.reason ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
