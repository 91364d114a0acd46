-- 0006 (issue 15, finding 9): every table holding clinical data or its status is audited by the database itself, and
-- every audit table is append-only.
--
-- The app writes its own, item-level trail (data_audit: variable, old → new, reason, role; audit_log: sessions and
-- roles) in the transaction of each change. This migration adds the database's guarantee underneath it: a row-level
-- image of EVERY insert, update and delete of the clinical tables — form_records (entered data, its status and
-- per-item status), subject_visits (visit dates) and subjects (status, enrolment, demographics) — is written by
-- triggers into clinical_audit, in the same statement, whoever runs it (the app, a script, a console). A change to
-- these tables cannot commit without its audit rows; TRUNCATE, which fires no row trigger, is refused outright.
-- Bypassing the triggers needs ALTER TABLE … DISABLE TRIGGER (the table's owner) or session_replication_role
-- (a superuser): on PostgreSQL the app connects as a role that is neither (docs/security-database.md).
--
-- Statement-level triggers with transition tables: one set-based INSERT … SELECT per statement, so that the seed's
-- bulk writes (600,000 visit rows for 100,000 subjects) are audited without a per-row function call. An UPDATE is
-- recorded as two images per row (`old` and `new`) of one statement (same txid and `statement_at`).

create table clinical_audit (
  id           bigint generated always as identity primary key,
  -- the transaction's and the statement's start (database time, UTC)
  at           timestamptz not null default now(),
  statement_at timestamptz not null default statement_timestamp(),
  txid         bigint not null default txid_current(),
  -- the database role that ran the statement, and the app user when the app says (set_config('edc.user_id', …))
  db_user      text not null default current_user,
  app_user     text default nullif(current_setting('edc.user_id', true), ''),
  table_name   text not null,
  op           text not null check (op in ('INSERT', 'UPDATE', 'DELETE')),
  -- which image of the row: 'new' for INSERT, 'old' for DELETE, both (two rows) for UPDATE
  image        text not null check (image in ('old', 'new')),
  row_data     jsonb not null
);
create index clinical_audit_table on clinical_audit (table_name, at);

create trigger clinical_audit_no_update_delete
  before update or delete on clinical_audit
  for each row execute function append_only();

create trigger clinical_audit_no_truncate
  before truncate on clinical_audit
  for each statement execute function append_only();

-- audit_log (0001) has its own append-only function; data_audit (0004) uses append_only(): both already refuse
-- UPDATE, DELETE and TRUNCATE. Made explicit here for every audit table so that a check finds them all by name.
comment on table audit_log is 'append-only audit (sessions, roles, signatures): UPDATE, DELETE, TRUNCATE refused';
comment on table data_audit is 'append-only audit (item-level data changes with reasons): UPDATE, DELETE, TRUNCATE refused';
comment on table clinical_audit is 'append-only audit (row images of every change to clinical tables, by trigger)';

create function clinical_audit_insert() returns trigger language plpgsql as $$
begin
  insert into clinical_audit (table_name, op, image, row_data)
    select tg_table_name, 'INSERT', 'new', to_jsonb(n) from new_rows n;
  return null;
end
$$;

create function clinical_audit_update() returns trigger language plpgsql as $$
begin
  insert into clinical_audit (table_name, op, image, row_data)
    select tg_table_name, 'UPDATE', 'old', to_jsonb(o) from old_rows o
    union all
    select tg_table_name, 'UPDATE', 'new', to_jsonb(n) from new_rows n;
  return null;
end
$$;

create function clinical_audit_delete() returns trigger language plpgsql as $$
begin
  insert into clinical_audit (table_name, op, image, row_data)
    select tg_table_name, 'DELETE', 'old', to_jsonb(o) from old_rows o;
  return null;
end
$$;

create function clinical_no_truncate() returns trigger language plpgsql as $$
begin
  raise exception '% holds clinical data: TRUNCATE is not allowed (delete rows, which are audited)', tg_table_name
    using errcode = 'P0001';
end
$$;

-- form_records, subject_visits, subjects: audited on every change, never truncated
create trigger form_records_audit_insert after insert on form_records
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger form_records_audit_update after update on form_records
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger form_records_audit_delete after delete on form_records
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger form_records_no_truncate before truncate on form_records
  for each statement execute function clinical_no_truncate();

create trigger subject_visits_audit_insert after insert on subject_visits
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger subject_visits_audit_update after update on subject_visits
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger subject_visits_audit_delete after delete on subject_visits
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger subject_visits_no_truncate before truncate on subject_visits
  for each statement execute function clinical_no_truncate();

create trigger subjects_audit_insert after insert on subjects
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger subjects_audit_update after update on subjects
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger subjects_audit_delete after delete on subjects
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger subjects_no_truncate before truncate on subjects
  for each statement execute function clinical_no_truncate();

-- Rows already there when this migration runs: one INSERT image each, so that the trail starts complete.
insert into clinical_audit (table_name, op, image, row_data)
  select 'subjects', 'INSERT', 'new', to_jsonb(t) from subjects t
  union all
  select 'subject_visits', 'INSERT', 'new', to_jsonb(t) from subject_visits t
  union all
  select 'form_records', 'INSERT', 'new', to_jsonb(t) from form_records t;
