-- 0009: the casebook's batch upload, abandon and transfer (issue 12; docs/casebook-batch.md).

-- An assessed batch file (xlsx): who assessed it, where, its rows as read (the import takes exactly these), the
-- problems found, and until when it may be imported or its report downloaded (spec §9: 90 s). imported_at is set
-- once, in the import's transaction: an assessment is imported at most once.
create table subject_batch_assessments (
  id          text primary key,
  study_id    text not null references studies (id),
  site_id     text not null references sites (id),
  user_id     text not null references users (id),
  role_id     text not null references roles (id),
  session_id  bigint not null,
  filename    text not null,
  sha256      text not null,
  rows        jsonb not null,
  problems    jsonb not null,
  created_at  timestamptz not null,
  expires_at  timestamptz not null,
  imported_at timestamptz
);
create index subject_batch_assessments_expiry on subject_batch_assessments (expires_at);

-- Abandoned subjects (spec §4: irreversible): out of every casebook view, their rows and audit trail kept.
alter table subjects add column abandoned_at timestamptz;

-- Transfers of a subject between sites (centre change): the subject keeps its data and audit; this log is what
-- both sites' users see on /index/subjectTransfer. Append-only, like the audit tables.
create table subject_transfers (
  id           bigint generated always as identity primary key,
  study_id     text not null,
  subject_id   text not null,
  subjid       text not null,
  from_site_id text not null,
  to_site_id   text not null,
  reason       text not null,
  user_id      text not null,
  role_id      text not null,
  at           timestamptz not null
);
create index subject_transfers_from on subject_transfers (study_id, from_site_id, id);
create index subject_transfers_to on subject_transfers (study_id, to_site_id, id);

create trigger subject_transfers_no_update_delete
  before update or delete on subject_transfers
  for each row execute function append_only();

create trigger subject_transfers_no_truncate
  before truncate on subject_transfers
  for each statement execute function append_only();
