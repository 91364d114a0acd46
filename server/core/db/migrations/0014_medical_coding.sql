-- 0014: medical coding (issue 14; docs/medical-coding.md).
--
-- Dictionaries: per study one dictionary of each kind (`meddra`: LLT → PT → HLT → HLGT → SOC; `whodrug`: drug →
-- ATC4 → ATC3 → ATC2 → ATC1), each entry the code and name of what is coded (an LLT, a drug) with the levels above
-- it as a JSON list (`path`, from the entry up; MedDRA's primary SOC path). The demo seed ships a small dictionary
-- of each kind marked `demo`; an import of a licensed file replaces the entries of its kind in one transaction and
-- writes its row in `coding_imports` (append-only).
--
-- Terms: one row per codable item of a saved record (form metadata `coding`), written by the save's onSaved hook in
-- the save's transaction: the verbatim text, the status (uncoded, coded) and the code given, with a copy of the
-- entry's name and hierarchy as it was when coded (a later dictionary import never changes a given code).
-- `coding_terms` is a clinical table (imaged in clinical_audit by the triggers of 0006, never truncated); every step
-- of a term — auto-code, code, recode with its reason, reset by a changed verbatim — is a row of `coding_history`
-- (append-only), written in the same transaction.

create table coding_dictionaries (
  study_id    text not null references studies (id),
  dictionary  text not null check (dictionary in ('meddra', 'whodrug')),
  version     text not null check (length(btrim(version)) > 0),
  demo        boolean not null,
  entries     integer not null check (entries >= 0),
  imported_at timestamptz not null,
  primary key (study_id, dictionary)
);

create table coding_dictionary_entries (
  study_id   text not null,
  dictionary text not null,
  code       text not null check (length(code) between 1 and 20),
  name       text not null check (length(btrim(name)) > 0),
  -- lower case, inner spaces collapsed: what exact matching (auto-coding) and search compare
  name_key   text not null,
  -- [{level, code, name}], from the entry up
  path       jsonb not null check (jsonb_typeof(path) = 'array'),
  primary key (study_id, dictionary, code),
  foreign key (study_id, dictionary) references coding_dictionaries (study_id, dictionary) on delete cascade
);
create index coding_dictionary_entries_name on coding_dictionary_entries (study_id, dictionary, name_key);

create table coding_imports (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  dictionary  text not null,
  version     text not null,
  entries     integer not null,
  filename    text not null,
  -- sha-256 of the file's bytes
  sha256      text not null,
  user_id     text not null,
  role_id     text not null,
  site_id     text not null,
  at          timestamptz not null
);

create table coding_terms (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  record_id   bigint not null references form_records (id) on delete cascade,
  variable    text not null,
  subject_id  text not null,
  site_id     text not null,
  tid         text not null,
  -- visit and form name ({zh_CN, en}) as the worklist shows it
  visit_tname jsonb not null,
  dictionary  text not null check (dictionary in ('meddra', 'whodrug')),
  verbatim    text not null,
  status      text not null check (status in ('uncoded', 'coded')),
  auto        boolean not null default false,
  code        text,
  name        text,
  path        jsonb not null default '[]'::jsonb,
  coded_by    text,
  coded_at    timestamptz,
  updated_at  timestamptz not null,
  unique (record_id, variable),
  check ((status = 'coded') = (code is not null))
);
create index coding_terms_site on coding_terms (study_id, site_id, status);

create table coding_history (
  id          bigint generated always as identity primary key,
  term_id     bigint not null,
  study_id    text not null,
  site_id     text not null,
  record_id   bigint not null,
  variable    text not null,
  action      text not null check (action in ('autocode', 'code', 'recode', 'reset')),
  -- the verbatim term the step was about (a reset: the new text)
  verbatim    text not null,
  from_code   text,
  from_name   text,
  to_code     text,
  to_name     text,
  reason      text,
  user_id     text not null,
  role_id     text not null,
  at          timestamptz not null
);
create index coding_history_term on coding_history (term_id, id);

create trigger coding_history_no_update_delete before update or delete on coding_history
  for each row execute function append_only();
create trigger coding_history_no_truncate before truncate on coding_history
  for each statement execute function append_only();
create trigger coding_imports_no_update_delete before update or delete on coding_imports
  for each row execute function append_only();
create trigger coding_imports_no_truncate before truncate on coding_imports
  for each statement execute function append_only();

comment on table coding_history is 'append-only audit (medical coding of terms: auto-code, code, recode, reset): UPDATE, DELETE, TRUNCATE refused';
comment on table coding_imports is 'append-only audit (dictionary imports): UPDATE, DELETE, TRUNCATE refused';

create trigger coding_terms_audit_insert after insert on coding_terms
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger coding_terms_audit_update after update on coding_terms
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger coding_terms_audit_delete after delete on coding_terms
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger coding_terms_no_truncate before truncate on coding_terms
  for each statement execute function clinical_no_truncate();
