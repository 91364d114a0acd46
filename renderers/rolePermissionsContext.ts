import { createContext, useContext } from 'react';
import { permits } from '../engine/access/rolePermissions';

/**
 * The chosen role's permissions for the screens below the shell (menuList.do `permissions`): `null` while unknown.
 * The shells provide it; without a provider (a renderer on its own: stories, unit tests) nothing is gated. Only what
 * is offered depends on it; the server checks every call itself.
 */
export const RolePermissionsContext = createContext<readonly string[] | null | undefined>(undefined);

/** Whether the role may use something gated by `permission` (always when it names none, or outside a shell). */
export function usePermits(): (permission: string | undefined) => boolean {
  const held = useContext(RolePermissionsContext);
  return (permission) => held === undefined || permits(held, permission);
}
