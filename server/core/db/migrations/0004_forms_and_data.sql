-- 0004: eCRF forms and their data (issue 4): form schemas by version, the visit schedule, each subject's visits,
-- the entered records, their audit trail (append-only, like audit_log), the reasons-for-change dictionary and the
-- outcomes of saves by idempotency key. Code lists get a version.

-- A version per code list item: moves when an option changes, so that forms compiled with the options are rebuilt.
alter table codelist_items add column version integer not null default 1;

-- One schema per form (tid) and version, in the wire format of docs/form-schema.md (RawFormSchema).
create table form_schemas (
  study_id   text not null references studies (id),
  tid        text not null,
  formid     text not null,
  version    integer not null check (version >= 1),
  -- '3' ordinary, '1' drug dispensing
  reftype    text not null default '3',
  logline    boolean not null default false,
  schema     jsonb not null check (jsonb_typeof(schema) = 'object'),
  created_at timestamptz not null,
  primary key (study_id, tid, version)
);

-- The visits of the study's schedule, in order, each with the forms (tids) it holds, in order.
create table visit_schedule (
  study_id text not null references studies (id),
  visitnum text not null,
  name_zh  text not null,
  name_en  text not null,
  sort     integer not null default 0,
  -- planned study day from enrolment (negative: screening, before it); null for pages without a date (logs)
  day      integer,
  tids     text[] not null default '{}',
  primary key (study_id, visitnum)
);

-- A subject's visits (cycle and sub-visit 1-based); visitdate null until the visit has a date. No foreign key to
-- subjects: the seed writes six rows per subject in one INSERT … SELECT (600,000 for 100,000 subjects), where a
-- per-row key check would triple the time; every read reaches these rows through a subject already found in scope.
create table subject_visits (
  subject_id text not null,
  visitnum   text not null,
  cycnum     integer not null default 1 check (cycnum >= 1),
  svnum      integer not null default 1 check (svnum >= 1),
  visitdate  date,
  primary key (subject_id, visitnum, cycnum, svnum)
);

-- One record per form of a visit (lineno 1), or per row of a log-line form (lineno 1, 2, … appended, never
-- inserted between). `form_values` holds the values as typed (text, list of codes or null) by variable.
create table form_records (
  id             bigint generated always as identity primary key,
  study_id       text not null references studies (id),
  -- a subject is only ever removed by the seed (`--subjects N` generates them anew): its records go with it, the
  -- audit trail stays
  subject_id     text not null references subjects (id) on delete cascade,
  site_id        text not null references sites (id),
  visitnum       text not null,
  cycnum         integer not null,
  svnum          integer not null,
  tid            text not null,
  lineno         integer not null check (lineno >= 1),
  schema_version integer not null,
  -- 1 entered (with confirmed warnings), 2 complete
  status         text not null check (status in ('1', '2')),
  form_values    jsonb not null check (jsonb_typeof(form_values) = 'object'),
  -- per variable: {datatype, note}
  item_status    jsonb not null default '{}'::jsonb,
  rowversion     integer not null default 1 check (rowversion >= 1),
  created_at     timestamptz not null,
  created_by     text not null references users (id),
  updated_at     timestamptz not null,
  updated_by     text not null references users (id),
  unique (subject_id, visitnum, cycnum, svnum, tid, lineno)
);
-- input assistance: earlier values of a form's variable in the study
create index form_records_study_tid on form_records (study_id, tid);

-- The data audit trail (21 CFR Part 11 §11.10(e), ICH E6(R3) 4.2.2): who, role, when (UTC), what (old → new) and
-- why, one row per item created or changed, written in the transaction of the data write; never updated or deleted.
-- No foreign keys to the data: the trail outlives whatever happens to the records.
create table data_audit (
  id          bigint generated always as identity primary key,
  record_id   bigint not null,
  study_id    text not null,
  subject_id  text not null,
  tid         text not null,
  lineno      integer not null,
  action      text not null check (action in ('create', 'update')),
  variable    text not null,
  oldvalue    text,
  newvalue    text,
  reason_code text,
  reason_text text,
  user_id     text not null,
  role_id     text not null,
  site_id     text not null,
  at          timestamptz not null
);
create index data_audit_record on data_audit (record_id, id);

create function append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % is not allowed', tg_table_name, tg_op using errcode = 'P0001';
end
$$;

create trigger data_audit_no_update_delete
  before update or delete on data_audit
  for each row execute function append_only();

create trigger data_audit_no_truncate
  before truncate on data_audit
  for each statement execute function append_only();

-- The study's reasons for change, in order.
create table edit_reasons (
  study_id text not null references studies (id),
  code     text not null,
  text_zh  text not null,
  text_en  text not null,
  sort     integer not null default 0,
  primary key (study_id, code)
);

-- The outcome of each save by the user's idempotency key: a retry answers it again and writes nothing. The row is
-- claimed first (insert … on conflict do nothing), so that a concurrent duplicate waits for the first and reads its
-- outcome; `response` is filled in the same transaction. `fingerprint` (sha256 of the save's target, schema version
-- and values) refuses the key when it comes back with another save: its outcome would not be theirs.
create table save_requests (
  user_id     text not null references users (id),
  idem_key    text not null,
  endpoint    text not null,
  fingerprint text not null,
  response    jsonb,
  at          timestamptz not null,
  primary key (user_id, idem_key)
);
