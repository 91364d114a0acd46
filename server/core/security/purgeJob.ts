/**
 * `edc-security-purge`: purges the security log past retention, ended rate-limit windows and forgotten lockouts when
 * the server is ready and then every hour. Every instance may run it: the deletes are idempotent.
 */
import fp from 'fastify-plugin';
import { purgeSecurityState } from './securityLog';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export const securityPurgePlugin = fp(
  async (app) => {
    const purge = async () => {
      try {
        const purged = await purgeSecurityState(app.db, {
          now: app.config.now(),
          retentionDays: app.config.securityLogRetentionDays,
          lockoutResetMs: app.config.lockoutResetMs,
        });
        if (purged.events + purged.windows + purged.lockouts > 0) {
          app.log.info({ event: 'security.purge', ...purged }, 'security state purged');
        }
      } catch (err) {
        app.log.error({ err }, 'security state purge failed');
      }
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'edc-security-purge', dependencies: ['edc-core'] },
);
