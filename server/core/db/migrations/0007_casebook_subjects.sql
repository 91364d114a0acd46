-- 0007: the casebook's subjects (issue 12): the study's protocol and eCRF versions, its subject-number pattern,
-- each subject's versions, the roles' permissions, the workflow transitions and the subject audit trail
-- (append-only, like data_audit).

create table protocol_versions (
  study_id text not null references studies (id),
  id       text not null,
  name     text not null,
  -- the version new subjects get by default (one per study)
  current  boolean not null default false,
  sort     integer not null default 0,
  primary key (study_id, id)
);
create unique index protocol_versions_current on protocol_versions (study_id) where current;

create table crf_versions (
  study_id text not null references studies (id),
  id       text not null,
  name     text not null,
  current  boolean not null default false,
  sort     integer not null default 0,
  primary key (study_id, id)
);
create unique index crf_versions_current on crf_versions (study_id) where current;

-- How subject numbers look (engine/subjects/subjectIdPattern.ts); a study without a row uses {sitecode}-{seq:4}.
create table study_settings (
  study_id           text primary key references studies (id),
  subject_id_pattern text not null
);

-- null: the study's current version (subjects written before this migration)
alter table subjects add column protover text;
alter table subjects add column crfver text;

-- What a role may do beyond reading (subject.add, subject.edit, subject.enroll …; docs/casebook.md), seeded from
-- fixtures/seed/roles.json.
create table role_permissions (
  role_id    text not null references roles (id),
  permission text not null,
  primary key (role_id, permission)
);

-- The workflow: which status may follow which, and the permission a role needs for it.
create table subject_transitions (
  from_status text not null,
  to_status   text not null,
  permission  text not null,
  primary key (from_status, to_status)
);
insert into subject_transitions (from_status, to_status, permission) values
  ('1', '2', 'subject.enroll'),
  ('1', '5', 'subject.screenfail'),
  ('2', '3', 'subject.complete'),
  ('2', '4', 'subject.withdraw');

-- The subject audit trail (21 CFR Part 11 §11.10(e)): the creation, every change of a field (old → new) and every
-- workflow change, with the reason, who, role, site and when (UTC), written in the transaction of the change; never
-- updated or deleted. No foreign keys: the trail outlives the subject.
create table subject_audit (
  id         bigint generated always as identity primary key,
  study_id   text not null,
  subject_id text not null,
  action     text not null check (action in ('create', 'update', 'status')),
  field      text not null,
  oldvalue   text,
  newvalue   text,
  reason     text,
  user_id    text not null,
  role_id    text not null,
  site_id    text not null,
  at         timestamptz not null
);
create index subject_audit_subject on subject_audit (subject_id, id);

create trigger subject_audit_no_update_delete
  before update or delete on subject_audit
  for each row execute function append_only();

create trigger subject_audit_no_truncate
  before truncate on subject_audit
  for each statement execute function append_only();
