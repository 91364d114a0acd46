-- 0012: the investigator's electronic signature of pages, visits and casebooks (issue 14; docs/signatures.md).
--
-- `signatures`: the current signature of each page (one row per record): signed, or broken by a later change of the
-- page's data (with who changed it, when, and which items). The manifestation (21 CFR Part 11 §11.50) is kept with
-- it: the signer's printed name at the time of signing, the date and time (UTC) and the meaning, in every locale.
-- A clinical table: every change of it is imaged in clinical_audit by the triggers of 0006; never truncated.
--
-- `signature_audit`: every signing and every break, append-only, with the manifestation, written in the
-- transaction of the signing or of the save that breaks it.
--
-- `signature_settings`: per study, whether open queries on a page refuse its signing (a study without a row: yes).

create table signature_settings (
  study_id            text primary key references studies (id),
  refuse_open_queries boolean not null default true
);

create table signatures (
  record_id    bigint primary key references form_records (id) on delete cascade,
  study_id     text not null,
  subject_id   text not null,
  site_id      text not null,
  status       text not null check (status in ('signed', 'broken')),
  -- what the signer selected: the casebook, a visit or the page
  scope        text not null check (scope in ('casebook', 'visit', 'page')),
  signed_by    text not null references users (id),
  signer_name  text not null,
  signed_at    timestamptz not null,
  meaning      jsonb not null check (jsonb_typeof(meaning) = 'object'),
  -- the page's rowversion that was signed
  rowversion   integer not null,
  -- why it is broken: the change of the data (by whom, when, which items)
  broken_by    text references users (id),
  broken_at    timestamptz,
  broken_items text[]
);
create index signatures_subject on signatures (subject_id);
create index signatures_site on signatures (study_id, site_id, status);

create table signature_audit (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  subject_id  text not null,
  site_id     text not null,
  record_id   bigint not null,
  tid         text not null,
  -- sign: the investigator signed the page (scope: casebook, visit, page); break: a change of its data broke it
  action      text not null check (action in ('sign', 'break')),
  scope       text,
  signer_name text,
  meaning     jsonb,
  -- a break: the items whose change broke it
  items       text[],
  user_id     text not null,
  role_id     text not null,
  at          timestamptz not null
);
create index signature_audit_record on signature_audit (record_id, id);

create trigger signature_audit_no_update_delete before update or delete on signature_audit
  for each row execute function append_only();
create trigger signature_audit_no_truncate before truncate on signature_audit
  for each statement execute function append_only();
comment on table signature_audit is 'append-only audit (signatures and their breaks): UPDATE, DELETE, TRUNCATE refused';

create trigger signatures_audit_insert after insert on signatures
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger signatures_audit_update after update on signatures
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger signatures_audit_delete after delete on signatures
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger signatures_no_truncate before truncate on signatures
  for each statement execute function clinical_no_truncate();
