import { appVersion, findPicParam, menuList, type MenuItem, type PicParams } from '../../engine/api/session';
import { saveAllowedPaths } from '../../engine/access/accessGuard';
import { loadRolePermissions, saveRolePermissions } from '../../engine/access/rolePermissions';
import { loadPicParams, savePicParams } from '../../engine/session/picParams';
import { DEFAULT_SERVER_VERSION } from '../../engine/session/version';
import { useApiClient } from '../../renderers/apiClientContext';
import { useAsync, useEndpoint } from '../../renderers/async';
import { usePlatform } from '../platform/PlatformContext';

/** The server version from appversion.do; V2.0.10 when it cannot be read; null until answered. */
export function useServerVersion(): string | null {
  const state = useEndpoint(appVersion, {});
  if (state.status === 'ready') return state.data.version.trim() || DEFAULT_SERVER_VERSION;
  return state.status === 'failed' || state.status === 'refused' ? DEFAULT_SERVER_VERSION : null;
}

export interface MenusState {
  menus: MenuItem[] | null;
  failed: boolean;
  /** The role's permissions (gated list actions); null while unknown. */
  permissions: readonly string[] | null;
}

/**
 * The current role's menu tree from menuList.do (failures are told by the request client); its allowed paths are kept
 * for the access guard as the answer arrives, before any page below the shell checks them.
 */
export function useMenus(): MenusState {
  const client = useApiClient();
  const { store } = usePlatform();
  const state = useAsync(
    (signal) =>
      client.call(menuList, undefined, { signal }).then((data) => {
        saveAllowedPaths(store, data.allowedPaths);
        saveRolePermissions(store, data.permissions ?? []);
        return data;
      }),
    'menus',
  );
  if (state.status === 'ready') {
    return { menus: state.data.menus, failed: false, permissions: state.data.permissions ?? [] };
  }
  // until answered (or when it failed): what this tab kept for the role, if anything
  const permissions = loadRolePermissions(store);
  if (state.status === 'failed' || state.status === 'refused')
    return { menus: [], failed: true, permissions };
  return { menus: null, failed: false, permissions };
}

/**
 * Picture permissions of the chosen role (findPicParam.do), asked once the role is chosen and kept in session
 * storage; null until known (a failure leaves them unknown: no picture capability is offered).
 */
export function usePicParams(): PicParams | null {
  const client = useApiClient();
  const { store } = usePlatform();
  const kept = loadPicParams(store);
  const state = useAsync(
    (signal) =>
      client.call(findPicParam, undefined, { silent: true, signal }).then((data) => {
        savePicParams(store, data);
        return data;
      }),
    kept ? null : 'picParams',
  );
  return kept ?? (state.status === 'ready' ? state.data : null);
}
