/**
 * The per-item status of a record (data type, note state) as the server keeps it. Read with the record when the
 * page opens; after a save the record's datainfo is read again quietly, so the icons follow the server without
 * touching the values in the form or the drafts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { dataInfo, type ItemStatus, type RecordInfo } from '../../../engine/api/formContract';
import { useApiClient } from '../../../renderers/apiClientContext';
import type { RecordKeys } from './useSaveFlow';

export interface ItemStatusState {
  items: Record<string, ItemStatus>;
  /** Reads the status of this saved record again (failures keep the status shown). */
  refresh(record: RecordInfo): void;
}

/**
 * `logline`: the form is a log-line form, whose rows datainfo names by `lineno`. An answer is taken only when it is
 * the latest asked for and names the same record at least as new as the one saved.
 */
export function useItemStatus(
  initial: Record<string, ItemStatus>,
  keys: RecordKeys,
  logline: boolean,
): ItemStatusState {
  const client = useApiClient();
  const [items, setItems] = useState(initial);
  const latest = useRef({ keys, logline });
  latest.current = { keys, logline };
  const asked = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(
    (record: RecordInfo) => {
      const { keys: at, logline: rows } = latest.current;
      const { subjectid, visitnum, cycnum, svnum, tid } = at;
      const ask = ++asked.current;
      const params = {
        subjectid,
        visitnum,
        cycnum,
        svnum,
        tid,
        ...(rows ? { lineno: record.lineno } : {}),
      };
      client.call(dataInfo, params, { silent: true }).then(
        (data) => {
          if (!mounted.current || ask !== asked.current) return;
          const read = data.record;
          if (!read || read.recordid !== record.recordid || read.rowversion < record.rowversion) return;
          setItems(data.items);
        },
        () => undefined,
      );
    },
    [client],
  );

  return { items, refresh };
}
