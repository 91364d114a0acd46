/**
 * The roles domain (`edc-roles`): the user's roles and sites (sitelist), choosing one (changeSiteRole), recording
 * the switch (roleTran/add) and the chosen role's menu (menuList). Which roles a user holds and what a role may open
 * are read by core/auth (access.ts, menus.ts): the guard checks them on every call.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { roleRoutes } from './routes';

export const rolesPlugin = fp(
  async (app) => {
    roleRoutes(app, appContext(app));
  },
  { name: 'edc-roles', dependencies: ['edc-core'] },
);
