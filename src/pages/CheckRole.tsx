import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from '../../renderers/intl';
import { Navigate, useNavigate } from '../routing/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { paperSx } from '../../renderers/paperSx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changeSiteRole, roleTranAdd, siteList, type LoginInfo, type Role } from '../../engine/api/session';
import { pickLocalized } from '../../engine/api/localized';
import { saveAllowedPaths } from '../../engine/access/accessGuard';
import { loadLoginInfo, saveLoginInfo } from '../../engine/session/loginInfo';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { InlineMessage } from '../../renderers/InlineMessage';
import { PageLoading } from '../../renderers/PageLoading';
import { SelectInput } from '../../renderers/form/SelectInput';
import { useApiClient } from '../../renderers/apiClientContext';
import { useEndpoint } from '../../renderers/async';
import { codeListCacheFor } from '../../renderers/search/codeLists';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routing/paths';

const messages = defineMessages({
  roleRequired: { id: 'checkRole.role.required' },
  siteRequired: { id: 'checkRole.site.required' },
});

interface Choice {
  roleid: string;
  siteid: string;
}

interface ChoiceErrors {
  roleid?: MessageDescriptor;
  siteid?: MessageDescriptor;
}

function validate(choice: Choice): ChoiceErrors {
  return {
    ...(choice.roleid ? {} : { roleid: messages.roleRequired }),
    ...(choice.siteid ? {} : { siteid: messages.siteRequired }),
  };
}

/** The role's only site, the current site when the role covers it, otherwise none. */
function defaultSite(role: Role | undefined, currentSiteid: string | null): string {
  if (!role) return '';
  if (currentSiteid && role.sites.some((s) => s.siteid === currentSiteid)) return currentSiteid;
  return role.sites.length === 1 ? (role.sites[0]?.siteid ?? '') : '';
}

/** The current role and site when the user already has one (switching), else the only role. */
function initialChoice(roles: readonly Role[], info: LoginInfo): Choice {
  const current = roles.find((r) => r.roleid === info.roleid);
  const role = current ?? (roles.length === 1 ? roles[0] : undefined);
  return { roleid: role?.roleid ?? '', siteid: defaultSite(role, info.siteid) };
}

const NO_CHOICE: Choice = { roleid: '', siteid: '' };

/**
 * /checkRole: choose the role and the site to work as (both required). Also where 'switch role' leads.
 * Confirming calls changeSiteRole.do, records the switch with roleTran/add.do, keeps the role's allowed paths
 * and opens the home page.
 */
export function CheckRole() {
  const { store } = usePlatform();
  const info = useMemo(() => loadLoginInfo(store), [store]);
  if (!info?.userid) return <Navigate to={PATHS.entrance} replace />;
  return <RoleSiteForm info={info} />;
}

function RoleSiteForm({ info }: { info: LoginInfo }) {
  const intl = useIntl();
  const client = useApiClient();
  const { store } = usePlatform();
  const { locale } = useLocale();
  const navigate = useNavigate();
  // the roles and sites the user holds (a failure is told by the request client and shown in place)
  const held = useEndpoint(siteList, {}, { notify: true });
  const roles: Role[] | null = held.status === 'ready' ? held.data : null;
  const loadFailed = held.status === 'failed' || held.status === 'refused';
  // what the user picked; until then the current role and site, or the only choice there is
  const [picked, setPicked] = useState<Choice | null>(null);
  const choice = picked ?? (roles ? initialChoice(roles, info) : NO_CHOICE);
  const setChoice = (next: Choice | ((current: Choice) => Choice)) =>
    setPicked((current) => (typeof next === 'function' ? next(current ?? choice) : next));
  const [errors, setErrors] = useState<ChoiceErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const switching = !!info.roleid;

  const role = roles?.find((r) => r.roleid === choice.roleid);

  function chooseRole(roleid: string) {
    const next = roles?.find((r) => r.roleid === roleid);
    setChoice({ roleid, siteid: defaultSite(next, choice.siteid || null) });
    setErrors((current) => ({ ...current, roleid: undefined }));
  }

  function chooseSite(siteid: string) {
    setChoice((current) => ({ ...current, siteid }));
    setErrors((current) => ({ ...current, siteid: undefined }));
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const found = validate(choice);
    setErrors(found);
    const site = role?.sites.find((s) => s.siteid === choice.siteid);
    if (found.roleid || found.siteid || !role || !site) return;
    setSubmitting(true);
    try {
      const chosen = await client.call(changeSiteRole, { roleid: role.roleid, siteid: site.siteid });
      // the server holds the new role from here on: keep the client in step before anything else can fail
      saveAllowedPaths(store, chosen.allowedPaths);
      // code lists such as SITE depend on the role
      codeListCacheFor(client).clear();
      saveLoginInfo(store, {
        ...info,
        roleid: chosen.roleid,
        role: chosen.rolecode,
        rolecode: chosen.rolecode,
        rolename: role.rolename,
        siteid: chosen.siteid,
        sitecode: site.sitecode,
        sitename: site.sitename,
      });
      // the role switch is audited by the server already (changeSiteRole.do); this record is best effort
      await client
        .call(
          roleTranAdd,
          { fromRoleid: info.roleid ?? null, toRoleid: role.roleid, siteid: site.siteid },
          { silent: true },
        )
        .catch(() => undefined);
      store.removeItem(STORAGE_KEYS.menuCode);
      // the picture permissions belong to the role: asked again by the shell
      store.removeItem(STORAGE_KEYS.picParams);
      store.removeItem(STORAGE_KEYS.rolePermissions);
      navigate(PATHS.index, { replace: true });
    } catch {
      // the client has told the user why
      setSubmitting(false);
    }
  }

  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Box sx={{ ...paperSx(2), width: '100%', maxWidth: 480, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          <FormattedMessage id="checkRole.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          <FormattedMessage id="checkRole.subtitle" values={{ name: info.realname ?? info.username ?? '' }} />
        </Typography>

        {loadFailed ? (
          <InlineMessage level="error">
            <FormattedMessage id="checkRole.loadFailed" />
          </InlineMessage>
        ) : roles === null ? (
          <PageLoading />
        ) : roles.length === 0 ? (
          <InlineMessage level="warning">
            <FormattedMessage id="checkRole.noRoles" />
          </InlineMessage>
        ) : (
          <Box component="form" noValidate onSubmit={(event) => void confirm(event)}>
            <Stack spacing={2}>
              <SelectInput
                name="roleid"
                required
                label={intl.formatMessage({ id: 'checkRole.role' })}
                value={choice.roleid}
                onChange={chooseRole}
                error={errors.roleid ? intl.formatMessage(errors.roleid) : null}
              >
                <option value="">{intl.formatMessage({ id: 'checkRole.role.placeholder' })}</option>
                {roles.map((r) => (
                  <option key={r.roleid} value={r.roleid}>
                    {pickLocalized(r.rolename, locale)}
                  </option>
                ))}
              </SelectInput>
              <SelectInput
                name="siteid"
                required
                label={intl.formatMessage({ id: 'checkRole.site' })}
                value={choice.siteid}
                onChange={chooseSite}
                error={errors.siteid ? intl.formatMessage(errors.siteid) : null}
              >
                <option value="">{intl.formatMessage({ id: 'checkRole.site.placeholder' })}</option>
                {(role?.sites ?? []).map((s) => (
                  <option key={s.siteid} value={s.siteid}>
                    {intl.formatMessage(
                      { id: 'checkRole.site.option' },
                      { code: s.sitecode, name: s.sitename, country: s.country },
                    )}
                  </option>
                ))}
              </SelectInput>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                {switching ? (
                  <Button variant="outlined" onClick={() => navigate(PATHS.index, { replace: true })}>
                    <FormattedMessage id="common.cancel" />
                  </Button>
                ) : (
                  <Button variant="text" onClick={() => void client.logout()}>
                    <FormattedMessage id="shell.logout" />
                  </Button>
                )}
                <Button type="submit" variant="contained" disabled={submitting}>
                  <FormattedMessage id="checkRole.confirm" />
                </Button>
              </Stack>
            </Stack>
          </Box>
        )}
      </Box>
    </Box>
  );
}
