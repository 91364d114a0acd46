-- 0005: login lockouts, rate-limit windows and the security log — every piece of state the perimeter keeps lives in
-- the database, so that several server instances on one database enforce the same limits (docs/security.md).

-- One row per account name tried at the login front (lower-cased, known or not: an unknown name locks the same way,
-- so that a lockout does not tell which names exist). `attempts` counts the attempts claimed in the current round,
-- before their passwords are verified; the claim and the decision are one statement (server/core/auth/lockouts.ts).
create table login_lockouts (
  account         text primary key,
  attempts        integer not null default 0,
  locked_until    timestamptz,
  -- locks imposed since the last successful login or unlock: the next lock lasts base × 2^level (capped)
  lock_level      integer not null default 0,
  last_attempt_at timestamptz not null
);
create index login_lockouts_last_attempt on login_lockouts (last_attempt_at);

-- Fixed windows of @fastify/rate-limit (server/core/http/rateLimit.ts): one row per limit and key.
create table rate_limit_windows (
  key         text primary key,
  hits        integer not null,
  window_ends timestamptz not null
);
create index rate_limit_windows_ends on rate_limit_windows (window_ends);

-- Failed logins, lockouts, unlocks and refused (rate-limited, foreign-host) requests. Not the clinical audit trail:
-- purged after SECURITY_LOG_RETENTION_DAYS (server/core/security/securityLog.ts).
create table security_events (
  id      bigint generated always as identity primary key,
  at      timestamptz not null,
  event   text not null,
  account text,
  user_id text,
  ip      text,
  detail  jsonb not null default '{}'::jsonb
);
create index security_events_at on security_events (at);
create index security_events_account on security_events (account, at);

-- superseded by login_lockouts (a lock in force while upgrading is forgotten)
alter table users drop column failed_logins;
alter table users drop column locked_until;
