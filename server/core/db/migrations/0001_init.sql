-- 0001: studies, sites, users, roles, menus, sessions, per-host UI config, notices, web logs and the audit trail.

create table studies (
  id         text primary key default gen_random_uuid()::text,
  studycode  text not null unique,
  studyname  text not null,
  created_at timestamptz not null default now()
);

create table sites (
  id       text primary key default gen_random_uuid()::text,
  study_id text not null references studies (id),
  sitecode text not null,
  sitename text not null,
  -- ISO 3166-1 alpha-2
  country  text not null,
  unique (study_id, sitecode)
);

create table users (
  id                  text primary key default gen_random_uuid()::text,
  username            text not null unique,
  realname            text not null,
  -- scrypt$N$r$p$salt$hash (base64url); never a plaintext password
  password_hash       text not null,
  password_changed_at timestamptz not null default now(),
  password_expires_at timestamptz,
  locale              text not null default 'zh_CN' check (locale in ('zh_CN', 'en')),
  timezone            text not null default 'Asia/Shanghai',
  str_length          integer not null default 2000,
  numfield_uk_allowed boolean not null default false,
  online_show         boolean not null default false,
  disabled            boolean not null default false,
  failed_logins       integer not null default 0,
  locked_until        timestamptz,
  created_at          timestamptz not null default now()
);

create table roles (
  id          text primary key default gen_random_uuid()::text,
  rolecode    text not null unique,
  rolename_zh text not null,
  rolename_en text not null,
  sort        integer not null default 0
);

-- who holds which role at which site of which study
create table user_roles (
  user_id  text not null references users (id),
  role_id  text not null references roles (id),
  site_id  text not null references sites (id),
  study_id text not null references studies (id),
  active   boolean not null default true,
  primary key (user_id, role_id, site_id)
);
create index user_roles_study on user_roles (study_id, user_id);

create table menus (
  menu_code   text primary key,
  parent_code text references menus (menu_code),
  name_zh     text not null,
  name_en     text not null,
  -- route under /index; empty for a group
  path        text not null default '',
  icon        text,
  sort        integer not null default 0
);

create table role_menus (
  role_id   text not null references roles (id),
  menu_code text not null references menus (menu_code),
  primary key (role_id, menu_code)
);

create table sessions (
  id           bigint generated always as identity primary key,
  -- sha256 (hex) of the token; the token itself is never stored
  token_hash   text not null unique,
  user_id      text not null references users (id),
  study_id     text references studies (id),
  role_id      text references roles (id),
  site_id      text references sites (id),
  prev_role_id text references roles (id),
  prev_site_id text references sites (id),
  created_at   timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at     timestamptz,
  end_reason   text check (end_reason in ('logout', 'replaced', 'expired')),
  ip           text,
  user_agent   text
);
create index sessions_user_open on sessions (user_id) where ended_at is null;

-- per-host UI config; host '*' is the default
create table site_ui_config (
  host              text primary key,
  unit_logo         text not null default '',
  eclinical_version text not null default '',
  -- empty: derived from the request origin
  back_address      text not null default ''
);

create table notices (
  id         bigint generated always as identity primary key,
  study_id   text references studies (id),
  message_zh text not null,
  message_en text not null,
  starts_at  timestamptz not null,
  ends_at    timestamptz,
  active     boolean not null default true
);

create table help_docs (
  id      bigint generated always as identity primary key,
  -- null: every role
  role_id text references roles (id),
  name_zh text not null,
  name_en text not null,
  url     text not null,
  sort    integer not null default 0
);

create table platform_params (
  paramcode  text primary key,
  paramvalue text not null default ''
);

create table web_logs (
  id          bigint generated always as identity primary key,
  at          timestamptz not null,
  ip          text,
  user_id     text,
  level       text not null,
  kind        text not null,
  message     text not null,
  stack       text,
  url         text not null,
  user_agent  text,
  client_time text
);

-- 21 CFR Part 11 §11.10(e): computer-generated, time-stamped (UTC), never updated or deleted
create table audit_log (
  id      bigint generated always as identity primary key,
  at      timestamptz not null,
  user_id text,
  action  text not null,
  detail  jsonb not null default '{}'::jsonb
);
create index audit_log_user on audit_log (user_id, at);

create function audit_log_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = 'P0001';
end
$$;

create trigger audit_log_no_update_delete
  before update or delete on audit_log
  for each row execute function audit_log_immutable();

create trigger audit_log_no_truncate
  before truncate on audit_log
  for each statement execute function audit_log_immutable();
