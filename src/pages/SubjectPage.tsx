import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DefinitionList, type DefinitionRow } from '../../renderers/DefinitionList';
import { subjectInfo, type SubjectRow } from '../../engine/api/listContract';
import { formatDateInZone } from '../../engine/fieldTypes/dates';
import { codeLabelMap } from '../../engine/metadata/codeOptions';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { InlineMessage } from '../../renderers/InlineMessage';
import { PageLoading } from '../../renderers/PageLoading';
import { useApiClient } from '../../renderers/apiClientContext';
import { useCodeListCache } from '../../renderers/search/codeLists';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';

type Loaded = { status: 'loading' } | { status: 'ready'; subject: SubjectRow } | { status: 'failed' };

/** Labels of one code list in the UI language, once loaded (codes are shown until then). */
function useCodeLabels(codelisttype: string): ReadonlyMap<string, string> {
  const cache = useCodeListCache();
  const { locale } = useLocale();
  const [options, setOptions] = useState(() => cache.peek(codelisttype) ?? null);
  useEffect(() => {
    let current = true;
    cache.get(codelisttype).then(
      (list) => current && setOptions(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [cache, codelisttype]);
  return useMemo(() => codeLabelMap(options ?? [], locale), [options, locale]);
}

/**
 * One subject: who it is, where, and in which state. Its visits and eCRF pages come with the data-entry release;
 * the server answers only for subjects at the sites of the current role.
 */
export function SubjectPage({ base }: { base: string }) {
  const { subjectid = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { store } = usePlatform();
  const zone = loadLoginInfo(store)?.timezone ?? 'UTC';
  const statuses = useCodeLabels('SUBJSTATUS');
  const sexes = useCodeLabels('SEX');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    client.call(subjectInfo, { subjectid }).then(
      (subject) => current && setLoaded({ status: 'ready', subject }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [client, subjectid]);

  // back to the list as it was (search, page, sort) when the user came from it
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(base));
  const backButton = (
    <Button onClick={back} sx={{ alignSelf: 'flex-start' }} data-testid="subject-back">
      <FormattedMessage id="subject.backToList" />
    </Button>
  );

  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'failed') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <InlineMessage level="error">
          <FormattedMessage id="subject.notAvailable" />
        </InlineMessage>
        {backButton}
      </Box>
    );
  }
  const s = loaded.subject;
  const rows: DefinitionRow[] = [
    { id: 'site', label: <FormattedMessage id="subject.site" />, value: `${s.sitecode} ${s.sitename}` },
    {
      id: 'status',
      label: <FormattedMessage id="subject.status" />,
      value: statuses.get(s.status) ?? s.status,
    },
    { id: 'initials', label: <FormattedMessage id="subject.initials" />, value: s.initials },
    { id: 'sex', label: <FormattedMessage id="subject.sex" />, value: sexes.get(s.sex) ?? s.sex },
    { id: 'birthdate', label: <FormattedMessage id="subject.birthdate" />, value: s.birthdate ?? '' },
    { id: 'age', label: <FormattedMessage id="subject.age" />, value: s.age === null ? '' : String(s.age) },
    { id: 'enrolldate', label: <FormattedMessage id="subject.enrolldate" />, value: s.enrolldate ?? '' },
    { id: 'visitcount', label: <FormattedMessage id="subject.visitcount" />, value: String(s.visitcount) },
    {
      id: 'lastvisitdate',
      label: <FormattedMessage id="subject.lastvisitdate" />,
      value: s.lastvisitdate ?? '',
    },
    {
      id: 'updatedat',
      label: <FormattedMessage id="subject.updatedat" />,
      value: formatDateInZone(s.updatedat, zone, true),
    },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="subject-page">
      {backButton}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="subject-number">
        {s.subjid}
      </Typography>
      <DefinitionList rows={rows} testIdPrefix="subject" />
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="subject.visitsLater" />
      </Typography>
    </Box>
  );
}
