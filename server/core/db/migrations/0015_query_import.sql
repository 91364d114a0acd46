-- 0015: query import (issue 13; docs/query-import.md). An uploaded xlsx of queries, assessed row by row, then sent:
-- each good row raised as a manual query (queries, query_history of 0010). Rows keep their cells as read, the
-- assessment's problems and their state (spec §4 "Query import status": unsent, sent, send failed, with the reason).
-- Batches and rows are never deleted; every change is audited by the database (clinical_audit triggers of 0006).

create table query_import_batches (
  id          bigint generated always as identity primary key,
  study_id    text not null references studies (id),
  site_id     text not null references sites (id),
  user_id     text not null references users (id),
  role_id     text not null references roles (id),
  filename    text not null,
  sha256      text not null,
  created_at  timestamptz not null
);
create index query_import_batches_site on query_import_batches (study_id, site_id, id);

create table query_import_rows (
  id          bigint generated always as identity primary key,
  batch_id    bigint not null references query_import_batches (id),
  row_no      integer not null,
  -- the cells as read ({subjid, visitnum, cycnum, tid, lineno, variable, issuetype, note}: texts or null)
  cells       jsonb not null,
  -- what the send raises (null for a row with problems)
  record_id   bigint references form_records (id),
  kind        text check (kind in ('item', 'page', 'table')),
  -- [{column, value, messageId, values}]: translated when read
  problems    jsonb not null default '[]'::jsonb,
  state       text not null default 'unsent' check (state in ('unsent', 'sent', 'failed')),
  -- a failed send: {messageId, values}
  reason      jsonb,
  query_id    bigint references queries (id),
  sent_at     timestamptz,
  unique (batch_id, row_no)
);

create trigger query_import_batches_audit_insert after insert on query_import_batches
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger query_import_batches_audit_update after update on query_import_batches
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger query_import_batches_audit_delete after delete on query_import_batches
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger query_import_batches_no_truncate before truncate on query_import_batches
  for each statement execute function clinical_no_truncate();

create trigger query_import_rows_audit_insert after insert on query_import_rows
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger query_import_rows_audit_update after update on query_import_rows
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger query_import_rows_audit_delete after delete on query_import_rows
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger query_import_rows_no_truncate before truncate on query_import_rows
  for each statement execute function clinical_no_truncate();
