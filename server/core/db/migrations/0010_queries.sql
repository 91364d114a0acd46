-- 0010: queries (issue 13; docs/queries.md): system, manual item, manual page and manual table queries on a form
-- record, their state (created / answered / closed, plus candidate and cancelled: the ODM v2 states), and their
-- history (append-only, like data_audit), written in the transaction of every action. Queries are never deleted.
-- The dictionaries (close reasons, add reasons, PD types and subcategories) are the study's.

create table query_dicts (
  study_id  text not null references studies (id),
  -- 'close' | 'add' | 'pd' | 'pdsub'
  dict      text not null check (dict in ('close', 'add', 'pd', 'pdsub')),
  code      text not null,
  -- a PD subcategory's PD type
  parent    text,
  text_zh   text not null,
  text_en   text not null,
  sort      integer not null default 0,
  primary key (study_id, dict, code)
);

create table queries (
  id          bigint generated always as identity primary key,
  study_id    text not null references studies (id),
  subject_id  text not null references subjects (id),
  site_id     text not null references sites (id),
  record_id   bigint not null references form_records (id),
  visitnum    text not null,
  cycnum      integer not null,
  svnum       integer not null,
  tid         text not null,
  lineno      integer not null,
  -- visit and form name when raised ({zh_CN, en}: spec list column visitTname)
  visit_tname jsonb not null,
  -- system (a soft check the user confirmed) | item (manual) | page (manual page) | table (manual log-line row or column)
  kind        text not null check (kind in ('system', 'item', 'page', 'table')),
  -- the item (system, item, a table column); null for a page or a log-line row
  variable    text,
  -- a system query: the check (rule id, or the item's own range check `range:<messageId>`)
  check_id    text,
  -- spec §4: created, answered, closed; candidate (not yet released) and cancelled (withdrawn before an answer)
  status      text not null check (status in ('candidate', 'created', 'answered', 'closed', 'cancelled')),
  -- the value when raised (text of the item's value)
  value       text,
  -- the query text: a plain text (manual) or {zh_CN, en} (system: the check's message)
  note        jsonb not null,
  issue_type  text,
  close_reason text,
  pd_type     text,
  pd_subtype  text,
  -- forwarded to this role (code); null: the site answers
  to_role     text,
  -- the value changed after the query closed (closedModified): shown to the monitor, nothing re-opened silently
  modified    boolean not null default false,
  -- the query a close-and-requery closed
  follows     bigint references queries (id),
  created_by  text not null references users (id),
  created_role text not null references roles (id),
  created_at  timestamptz not null,
  updated_at  timestamptz not null,
  check ((kind in ('system', 'item')) = (variable is not null) or kind = 'table'),
  check ((kind = 'system') = (check_id is not null))
);
create index queries_record on queries (record_id, variable);
create index queries_site on queries (study_id, site_id, id);
-- one open system query per item and check
create unique index queries_system_open on queries (record_id, variable, check_id)
  where kind = 'system' and status in ('candidate', 'created', 'answered');

-- The history of every query (who, role, site, when (UTC), from → to state, text, reason): the thread and its
-- audit; never updated or deleted.
create table query_history (
  id          bigint generated always as identity primary key,
  query_id    bigint not null,
  action      text not null check (action in (
    'create', 'reply', 'forward', 'review', 'close', 'requery', 'autoclose', 'valueChanged', 'detail')),
  from_status text,
  to_status   text not null,
  note        jsonb,
  reason      text,
  to_role     text,
  user_id     text not null,
  role_id     text not null,
  site_id     text not null,
  at          timestamptz not null
);
create index query_history_query on query_history (query_id, id);

create trigger query_history_no_update_delete
  before update or delete on query_history
  for each row execute function append_only();

create trigger query_history_no_truncate
  before truncate on query_history
  for each statement execute function append_only();

comment on table query_history is 'append-only audit (query actions): UPDATE, DELETE, TRUNCATE refused';

-- the queries table holds clinical review state: audited by the database like the clinical tables (0006)
create trigger queries_audit_insert after insert on queries
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger queries_audit_update after update on queries
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger queries_audit_delete after delete on queries
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger queries_no_truncate before truncate on queries
  for each statement execute function clinical_no_truncate();
