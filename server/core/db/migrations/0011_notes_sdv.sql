-- 0011: notes (annotations) and source data verification with a targeted SDV plan (issue 14; docs/notes-and-sdv.md).
--
-- Notes: a note on an item (`variable`) or on the page (`variable` = '@page') of a saved record, written by site
-- staff and reviewed by monitors and data managers. Notes and their reviews are never changed or deleted: a note's
-- state (awaiting review / reviewed) is whether a review row exists. Both tables are append-only, like data_audit.
--
-- SDV: the current verification state of each item (`sdv_items`, one row per record and variable: verified, or reset
-- by a later change of the value — with who changed it, when, and old → new) and its history (`sdv_audit`,
-- append-only), written in the transaction of the verification or of the save that resets it. `sdv_items` is a
-- clinical table: every change of it is imaged in clinical_audit by the triggers of 0006 and it is never truncated.
--
-- The targeted SDV plan (`sdv_plans`, `sdv_critical_items`): critical items are always required; the other items
-- of a subject are required when the subject is sampled at its site (the first `first_n` subjects by subject
-- number, and a reproducible `percent` % of the others: the first 32 bits of md5(seed || ':' || subject id) as a
-- fraction of 2^32 below percent / 100); every other item is "not required".

create table notes (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  record_id   bigint not null,
  subject_id  text not null,
  site_id     text not null,
  tid         text not null,
  -- an item's variable, or '@page' for a note on the whole page
  variable    text not null check (length(variable) between 1 and 64),
  text        text not null check (length(btrim(text)) > 0),
  user_id     text not null,
  role_id     text not null,
  at          timestamptz not null
);
create index notes_record on notes (record_id, id);

create table note_reviews (
  id          bigint generated always as identity primary key,
  note_id     bigint not null unique references notes (id),
  comment     text,
  user_id     text not null,
  role_id     text not null,
  site_id     text not null,
  at          timestamptz not null
);

create table sdv_items (
  record_id   bigint not null references form_records (id) on delete cascade,
  variable    text not null,
  study_id    text not null,
  subject_id  text not null,
  site_id     text not null,
  status      text not null check (status in ('verified', 'reset')),
  -- the last verification
  verified_by text not null,
  verified_at timestamptz not null,
  -- why it was reset: the change of the value (by whom, when, old → new)
  reset_by    text,
  reset_at    timestamptz,
  reset_old   text,
  reset_new   text,
  primary key (record_id, variable)
);
create index sdv_items_subject on sdv_items (subject_id);

create table sdv_audit (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  subject_id  text not null,
  site_id     text not null,
  record_id   bigint not null,
  tid         text not null,
  variable    text not null,
  -- verify: a monitor verified the item (item, page, batch or subject); reset: a change of the value undid it
  action      text not null check (action in ('verify', 'reset')),
  -- how it was verified (item, page, subject) or, for a reset, old → new of the change
  scope       text,
  oldvalue    text,
  newvalue    text,
  user_id     text not null,
  role_id     text not null,
  at          timestamptz not null
);
create index sdv_audit_record on sdv_audit (record_id, id);

create trigger notes_no_update_delete before update or delete on notes
  for each row execute function append_only();
create trigger notes_no_truncate before truncate on notes
  for each statement execute function append_only();
create trigger note_reviews_no_update_delete before update or delete on note_reviews
  for each row execute function append_only();
create trigger note_reviews_no_truncate before truncate on note_reviews
  for each statement execute function append_only();
create trigger sdv_audit_no_update_delete before update or delete on sdv_audit
  for each row execute function append_only();
create trigger sdv_audit_no_truncate before truncate on sdv_audit
  for each statement execute function append_only();

comment on table notes is 'append-only (notes on items and pages): UPDATE, DELETE, TRUNCATE refused';
comment on table note_reviews is 'append-only (reviews of notes): UPDATE, DELETE, TRUNCATE refused';
comment on table sdv_audit is 'append-only audit (source data verification and its resets): UPDATE, DELETE, TRUNCATE refused';

create trigger sdv_items_audit_insert after insert on sdv_items
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger sdv_items_audit_update after update on sdv_items
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger sdv_items_audit_delete after delete on sdv_items
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger sdv_items_no_truncate before truncate on sdv_items
  for each statement execute function clinical_no_truncate();

-- The study's targeted SDV plan (seeded from fixtures/seed/sdv.json).
create table sdv_plans (
  study_id text primary key references studies (id),
  first_n  integer not null check (first_n >= 0),
  percent  integer not null check (percent between 0 and 100),
  seed     text not null
);

-- Critical items: always verified. variable '*' makes every item of the form critical.
create table sdv_critical_items (
  study_id text not null references studies (id),
  tid      text not null,
  variable text not null,
  primary key (study_id, tid, variable)
);
