import { useEffect, useState } from 'react';
import { appVersion, findPicParam, menuList, type MenuItem, type PicParams } from '../../engine/api/session';
import { saveAllowedPaths } from '../../engine/access/accessGuard';
import { loadPicParams, savePicParams } from '../../engine/session/picParams';
import { DEFAULT_SERVER_VERSION } from '../../engine/session/version';
import { useApiClient } from '../../renderers/apiClientContext';
import { usePlatform } from '../platform/PlatformContext';

/** The server version from appversion.do; V2.0.10 when it cannot be read; null until answered. */
export function useServerVersion(): string | null {
  const client = useApiClient();
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    client.call(appVersion, undefined, { silent: true }).then(
      (data) => {
        if (!cancelled) setVersion(data.version.trim() || DEFAULT_SERVER_VERSION);
      },
      () => {
        if (!cancelled) setVersion(DEFAULT_SERVER_VERSION);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);
  return version;
}

export interface MenusState {
  menus: MenuItem[] | null;
  failed: boolean;
}

/** The current role's menu tree from menuList.do; its allowed paths are kept for the access guard. */
export function useMenus(): MenusState {
  const client = useApiClient();
  const { store } = usePlatform();
  const [state, setState] = useState<MenusState>({ menus: null, failed: false });
  useEffect(() => {
    let cancelled = false;
    client.call(menuList).then(
      (data) => {
        if (cancelled) return;
        saveAllowedPaths(store, data.allowedPaths);
        setState({ menus: data.menus, failed: false });
      },
      () => {
        if (!cancelled) setState({ menus: [], failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, store]);
  return state;
}

/**
 * Picture permissions of the chosen role (findPicParam.do), asked once the role is chosen and kept in session
 * storage; null until known (a failure leaves them unknown: no picture capability is offered).
 */
export function usePicParams(): PicParams | null {
  const client = useApiClient();
  const { store } = usePlatform();
  const [params, setParams] = useState<PicParams | null>(() => loadPicParams(store));
  useEffect(() => {
    if (params) return undefined;
    let cancelled = false;
    client.call(findPicParam, undefined, { silent: true }).then(
      (data) => {
        if (cancelled) return;
        savePicParams(store, data);
        setParams(data);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [client, store, params]);
  return params;
}
