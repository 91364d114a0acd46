/**
 * Vitest global set-up of the server project: makes the PGlite snapshot once, before the workers start. Files run
 * in parallel (docs/ci-time.md); without this, the first file of each worker would migrate and seed its own copy at
 * the same time on a clean clone (CI), twice the work against the hooks' timeout. On PostgreSQL (DATABASE_URL) each
 * file makes its own schema and no snapshot is used.
 */
import { pgliteSnapshot } from './testDb';

export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  await pgliteSnapshot();
}
