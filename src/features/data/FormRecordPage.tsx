import { useMemo, useState, type RefObject } from 'react';
import { FormattedMessage } from '../../../renderers/intl';
import Box from '@mui/material/Box';
import type { RecordKeys } from '../../../renderers/actions/recordActions';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { InlineMessage } from '../../../renderers/InlineMessage';
import { SchemaIssuesPanel } from '../../../renderers/ecrf/SchemaIssuesPanel';
import { userTimeZone } from '../../../renderers/userTimeZone';
import { usePlatform } from '../../platform/PlatformContext';
import { formContextOf } from './formRecord/formContext';
import type { IdempotencyKeys } from './formRecord/idempotency';
import { RecordEntry } from './formRecord/RecordEntry';
import { useRecordRead } from './formRecord/useRecordRead';

export interface FormRecordPageProps {
  keys: RecordKeys;
  /** Log-line forms: the row (`'new'`: a row to add); other forms: null. */
  lineno: number | 'new' | null;
  /** A new log-line row was saved as row `lineno`. */
  onNewLineSaved?(lineno: number): void;
  /** Tests: the idempotency key source. */
  idempotencyKeys?: IdempotencyKeys;
  /** Where the record's keyboard shortcuts (Ctrl+S) apply: the form page. */
  shortcutScope?: RefObject<HTMLElement | null>;
}

/**
 * One record of a form: read (datainfo) and its schema compiled once — a malformed schema lists its issues instead
 * of the form — then the record for entry or review (RecordEntry) with the record actions and item adornments the
 * registries offer on it.
 */
export function FormRecordPage({
  keys,
  lineno,
  onNewLineSaved,
  idempotencyKeys,
  shortcutScope,
}: FormRecordPageProps) {
  const { store } = usePlatform();
  // a reload (after a conflict) reads the record again and starts its entry afresh
  const [reloads, setReloads] = useState(0);
  const read = useRecordRead(keys, lineno, reloads);
  const ctx = useMemo(() => formContextOf(store, userTimeZone(store)), [store]);
  const reload = () => setReloads((n) => n + 1);

  return (
    <AsyncView
      state={read}
      isEmpty={() => false}
      failed={<FormattedMessage id="formPage.loadFailed" />}
      refused={<FormattedMessage id="formPage.notAvailable" />}
      retryLabel={<FormattedMessage id="grid.retry" />}
    >
      {(compiled) =>
        compiled.ok ? (
          <RecordEntry
            key={`${compiled.read.record?.recordid ?? 'new'}:${reloads}`}
            keys={keys}
            lineno={lineno}
            ctx={ctx}
            {...compiled.read}
            onNewLineSaved={onNewLineSaved}
            onReload={reload}
            idempotencyKeys={idempotencyKeys}
            shortcutScope={shortcutScope}
          />
        ) : (
          <Box data-testid="form-schema-issues">
            <InlineMessage level="error">
              <FormattedMessage id="formPage.schemaIssues" />
            </InlineMessage>
            <SchemaIssuesPanel issues={compiled.issues} />
          </Box>
        )
      }
    </AsyncView>
  );
}
