/**
 * The session domain (`edc-session`): login front, study login, logout, signature re-authentication
 * (loginRoutes.ts) and session upkeep and platform info — logininfo, heartBeat, expirationTime, appversion,
 * findPicParam, help, online, writeWebLog (routes.ts).
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { loginRoutes } from './loginRoutes';
import { sessionRoutes } from './routes';

export const sessionPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    loginRoutes(app, ctx);
    sessionRoutes(app, ctx);
  },
  { name: 'edc-session', dependencies: ['edc-core'] },
);
