/** What `npm start` prints once the server listens: the URL, the demo accounts and how long the start took. */
import type { AccountSummary } from './auth/users';

export function formatBanner(opts: {
  url: string;
  accounts: AccountSummary[];
  password: string;
  freshlySeeded: boolean;
  database: string;
  startupMs: number;
}): string {
  const rows = opts.accounts.map((a) => [a.username, a.roles, opts.password]);
  const header = ['username', 'roles@sites', 'password'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const lines = [
    `EDC reference server ready: ${opts.url}`,
    `database: ${opts.database}${opts.freshlySeeded ? ' (demo study seeded now)' : ''}`,
    '',
    'Demo accounts:',
    `  ${line(header)}`,
    `  ${line(widths.map((w) => '-'.repeat(w)))}`,
    ...rows.map((r) => `  ${line(r)}`),
  ];
  if (!opts.freshlySeeded) {
    lines.push(
      '  (the data was seeded earlier: passwords are those of that seed, DEMO_PASSWORD or the default)',
    );
  }
  lines.push('', `started in ${Math.round(opts.startupMs)} ms`);
  return lines.join('\n');
}
