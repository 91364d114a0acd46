import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from '../../../renderers/intl';
import { useLocation, useNavigate, useParams, useSearchParams } from '../../routing/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { dataList, type LineRow } from '../../../engine/api/data';
import type { DataOf } from '../../../engine/api/endpoint';
import { RequestError } from '../../../engine/http/requestError';
import { InlineMessage } from '../../../renderers/InlineMessage';
import { LoadFailed } from '../../../renderers/LoadFailed';
import { PageLoading } from '../../../renderers/PageLoading';
import { useApiClient } from '../../../renderers/apiClientContext';
import { useMetaText } from '../../../renderers/search/metadataText';
import { userTimeZone } from '../../../renderers/userTimeZone';
import { readStoredPageSize, storePageSize } from '../../../engine/list/pageSize';
import { PAGE_SIZES, type PageSize } from '../../../engine/list/types';
import { AppCatalogueGate } from '../../i18n/AppCatalogueGate';
import { LAZY_CONTENT_PARTS } from '../../i18n/tiers';
import { usePlatform } from '../../platform/PlatformContext';
import { LINENO_PARAM, NEW_LINE } from '../../routing/formPaths';
import { subjectPath } from '../../routing/paths';
import { FormRecordPage } from './FormRecordPage';
import type { RecordKeys } from '../../../renderers/actions/recordActions';

// the rows grid carries AG Grid: loaded only for log-line forms, with the texts of its grid (not in the form route's
// part of the catalogue, src/i18n/tiers.ts)
const LoglineTable = lazy(() =>
  import('../../../renderers/ecrf/LoglineTable').then((m) => ({ default: m.LoglineTable })),
);

type FormPageData = DataOf<typeof dataList>;

/** The state of the last datalist request; the data shown is the last one that came (of these form keys). */
type Request =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'refused'; msg: string | null }
  | { status: 'failed' };

const INNER_PAGE_PARAM = 'innerPage';
const SIZE_PARAM = 'size';

/** `?size=` when valid, else the size the user last chose in any list (spec §4: default 20 or the stored size). */
function pageSizeOf(value: string | null, stored: PageSize): PageSize {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : stored;
}

/** `?lineno=`: a row number, `new`, or nothing (not a row). */
export function linenoOf(value: string | null): number | 'new' | null {
  if (value === NEW_LINE) return NEW_LINE;
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : null;
}

function positive(value: string | undefined | null, fallback = 1): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * The page of one form of a subject's visit: datalist says whether it is a log-line form (its rows in a grid, each
 * opening as a record, rows added at the end) or a single record (opened at once).
 */
export function FormPage({ base }: { base: string }) {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApiClient();
  const text = useMetaText();
  const subjectid = params.subjectid ?? '';
  const keys = useMemo<RecordKeys>(
    () => ({
      subjectid,
      visitnum: params.visitnum ?? '',
      cycnum: positive(params.cycnum),
      svnum: positive(params.svnum),
      tid: params.tid ?? '',
    }),
    [subjectid, params.visitnum, params.cycnum, params.svnum, params.tid],
  );
  const lineno = linenoOf(search.get(LINENO_PARAM));
  const innerPage = positive(search.get(INNER_PAGE_PARAM));
  const { store } = usePlatform();
  const size = pageSizeOf(search.get(SIZE_PARAM), readStoredPageSize(store));
  const zone = useMemo(() => userTimeZone(store), [store]);
  const [request, setRequest] = useState<Request>({ status: 'loading' });
  const [last, setLast] = useState<{ keys: RecordKeys; data: FormPageData } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // the record's keyboard shortcuts (Ctrl+S) apply while the focus is anywhere on this page
  const pageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    setRequest({ status: 'loading' });
    client.call(dataList, { ...keys, defvalue: undefined, page: 1, innerPage, size }, { silent: true }).then(
      (data) => {
        if (!current) return;
        setLast({ keys, data });
        setRequest({ status: 'ready' });
      },
      (error: unknown) => {
        if (!current) return;
        const refused = error instanceof RequestError && error.kind === 'business';
        setRequest(refused ? { status: 'refused', msg: error.msg ?? null } : { status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
    // a row opened or saved does not need the page again; the grid's page does
  }, [client, keys, innerPage, size, attempt]);

  const toSubject = () => navigate(subjectPath(base, subjectid));
  const openLine = (line: number | 'new') =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set(LINENO_PARAM, String(line));
      return next;
    });
  const setParam = (name: string, value: string, firstPage = false) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set(name, value);
      if (firstPage) next.delete(INNER_PAGE_PARAM);
      return next;
    });
  const toLines = () =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(LINENO_PARAM);
      return next;
    });

  const header = (title: string | null) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button onClick={toSubject} data-testid="form-back">
        <FormattedMessage id="formPage.backToSubject" />
      </Button>
      {title ? (
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="form-title">
          {title}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage
          id="formPage.visitKeys"
          values={{ visitnum: keys.visitnum, cycnum: keys.cycnum, svnum: keys.svnum }}
        />
      </Typography>
    </Box>
  );

  // the rows of another page (paging, a row added) keep the last data shown while they are asked for, and a failure
  // to get them is said at the grid; only a page with nothing shown yet waits or fails as a whole
  const shown = last && last.keys === keys ? last.data : null;
  const retry = () => setAttempt((n) => n + 1);
  if (shown === null && (request.status === 'loading' || request.status === 'ready')) return <PageLoading />;
  if (shown === null) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {header(null)}
        {request.status === 'refused' ? (
          <InlineMessage level="error">
            <FormattedMessage id="formPage.notAvailable" />
          </InlineMessage>
        ) : (
          <LoadFailed
            message={<FormattedMessage id="formPage.loadFailed" />}
            retryLabel={<FormattedMessage id="grid.retry" />}
            onRetry={retry}
          />
        )}
      </Box>
    );
  }
  const page = shown;
  const gridError =
    request.status === 'refused'
      ? { msg: request.msg, retry }
      : request.status === 'failed'
        ? { msg: null, retry }
        : null;
  const showLines = page.table && lineno === null;
  return (
    <Box ref={pageRef} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="form-page">
      {header(text(page.name))}
      {showLines ? (
        <AppCatalogueGate parts={LAZY_CONTENT_PARTS}>
          <Suspense fallback={<PageLoading />}>
            <LoglineTable
              columns={page.columns ?? []}
              // (the contract infers datalist's rows as bare records, not LineRow: lineRowSchema is cast in engine/api/data.ts)
              rows={(page.list ?? []) as unknown as readonly LineRow[]}
              total={page.total}
              innerPage={page.innerPage}
              size={size}
              loading={request.status === 'loading'}
              error={gridError}
              userTimeZone={zone}
              onOpenLine={(line) => openLine(line)}
              {...(page.capabilities.includes('enter') ? { onAddLine: () => openLine(NEW_LINE) } : {})}
              onPageChange={(next) => setParam(INNER_PAGE_PARAM, String(next))}
              onSizeChange={(next) => {
                storePageSize(store, next);
                setParam(SIZE_PARAM, String(next), true);
              }}
            />
          </Suspense>
        </AppCatalogueGate>
      ) : (
        <>
          {page.table ? (
            <Button onClick={toLines} sx={{ alignSelf: 'flex-start' }} data-testid="form-to-lines">
              <FormattedMessage id="formPage.backToLines" />
            </Button>
          ) : null}
          <FormRecordPage
            key={`${location.pathname}:${lineno ?? ''}`}
            keys={keys}
            lineno={page.table ? lineno : null}
            shortcutScope={pageRef}
            onNewLineSaved={(line) => {
              // the new row is a saved row now; the grid is asked again, at the page that holds it (rows are
              // appended: the last page), for when the user goes back to it
              setAttempt((n) => n + 1);
              setSearch(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set(LINENO_PARAM, String(line));
                  next.set(INNER_PAGE_PARAM, String(Math.ceil(line / size)));
                  return next;
                },
                { replace: true },
              );
            }}
          />
        </>
      )}
    </Box>
  );
}
