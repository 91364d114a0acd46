-- 0016: study interchange (issue 17; docs/interchange.md, docs/jobs.md). Imported study definitions kept as drafts
-- until published or discarded, and the server's jobs (exports today): their owner, scope, state, progress and result.

-- One uploaded study definition file (ODM 1.3.2 or REDCap data dictionary) and what the importer made of it.
create table study_imports (
  id           bigint generated always as identity primary key,
  study_id     text not null references studies (id),
  user_id      text not null references users (id),
  role_id      text not null references roles (id),
  site_id      text not null references sites (id),
  filename     text not null,
  format       text not null,
  sha256       text not null,
  -- the StudyDefinition (engine/interchange/types.ts) or null when the file could not be read
  definition   jsonb,
  -- [{severity, at, messageId, values}]
  issues       jsonb not null default '[]'::jsonb,
  counts       jsonb not null default '{}'::jsonb,
  errors       integer not null default 0,
  state        text not null default 'draft' check (state in ('draft', 'published', 'discarded')),
  created_at   timestamptz not null,
  -- publish: who, when, the crf version it made
  published_at timestamptz,
  published_by text references users (id),
  crf_version  text
);
create index study_imports_study on study_imports (study_id, id);

create trigger study_imports_audit_insert after insert on study_imports
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger study_imports_audit_update after update on study_imports
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger study_imports_audit_delete after delete on study_imports
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger study_imports_no_truncate before truncate on study_imports
  for each statement execute function clinical_no_truncate();

-- Long work run by the server (server/core/jobs): claimed with FOR UPDATE SKIP LOCKED, progress done/total, the
-- result kept as chunks in job_chunks (the file is the chunks in order) until it expires.
create table jobs (
  id           bigint generated always as identity primary key,
  kind         text not null,
  study_id     text not null references studies (id),
  user_id      text not null references users (id),
  role_id      text not null references roles (id),
  site_id      text not null references sites (id),
  payload      jsonb not null default '{}'::jsonb,
  state        text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  done         integer not null default 0,
  total        integer not null default 0,
  -- a failure: {messageId, values}
  error        jsonb,
  filename     text,
  mimetype     text,
  bytes        bigint,
  created_at   timestamptz not null,
  started_at   timestamptz,
  finished_at  timestamptz,
  -- the download is refused after this (spec §9: 90 s after the result is ready)
  expires_at   timestamptz
);
create index jobs_owner on jobs (user_id, id);
create index jobs_queued on jobs (state, id) where state in ('queued', 'running');

create table job_chunks (
  job_id bigint not null references jobs (id) on delete cascade,
  seq    integer not null,
  data   bytea not null,
  primary key (job_id, seq)
);
