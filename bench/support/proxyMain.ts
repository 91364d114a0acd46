/**
 * The proxy of bench/support/proxy.ts in a process of its own, as a deployment runs its load balancer (bench/load.ts
 * starts it): `tsx bench/support/proxyMain.ts <localAddress> <upstream URL>…`. Prints `proxy listening on <url>`;
 * ends on SIGTERM. In its own process the proxy's CPU is measured apart from the load generator's (--cpu), and the
 * two no longer share one event loop.
 */
import { startProxy } from './proxy';

async function main(): Promise<void> {
  const [localAddress, ...upstreams] = process.argv.slice(2);
  const proxy = await startProxy({ upstreams, ...(localAddress ? { localAddress } : {}) });
  console.log(`proxy listening on ${proxy.url}`);
  process.on('SIGTERM', () => {
    void proxy.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
