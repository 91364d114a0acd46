-- 0003: subjects, code lists, list metadata (search-field definitions and column sets) and each user's choice of
-- search items. The audit trail stays as 0001 made it (append-only).

-- A version per data set whose derived results the server caches (list totals and page bookmarks of the subject
-- list): every write to the data bumps it, so a cached result is only used while its version is current. `stamp`
-- is new at every bump too, so that a database dropped and seeded again never repeats a version.
create table data_versions (
  name    text primary key,
  version bigint not null default 0,
  stamp   text not null default gen_random_uuid()::text
);
insert into data_versions (name) values ('subjects');

create function bump_subjects_version() returns trigger language plpgsql as $$
begin
  update data_versions set version = version + 1, stamp = gen_random_uuid()::text where name = 'subjects';
  return null;
end
$$;

create table subjects (
  id            text primary key,
  study_id      text not null references studies (id),
  site_id       text not null references sites (id),
  -- the subject number users see (BJ01-0001); "C" collation: the same order on every server, whatever its locale
  subjid        text collate "C" not null,
  initials      text not null default '',
  -- code list SEX
  sex           text not null default '',
  birthdate     date,
  -- age at screening
  age           integer check (age >= 0),
  -- code list SUBJSTATUS: 1 screening, 2 enrolled, 3 completed, 4 withdrawn, 5 screen failure
  status        text not null check (status in ('1', '2', '3', '4', '5')),
  enrolldate    date,
  visitcount    integer not null default 0 check (visitcount >= 0),
  lastvisitdate date,
  created_at    timestamptz not null,
  updated_at    timestamptz not null
);

-- The subject list reads one page in the order of a sortable column (ties broken by subjid) among the sites of the
-- role's scope. Each sortable column has an index in that order which also carries site_id, so that the scope is
-- checked in the index without reading the table (index-only scans), and deep pages start from a bookmark (a
-- (key, subjid) pair) instead of counting rows from the top. Nullable keys are indexed as coalesce(…) so that
-- bookmarks compare as plain row values; server/lists/subjectSql.ts uses the very same expressions.

-- one subject number per study; the default order
create unique index subjects_subjid on subjects (study_id, subjid) include (site_id);
create index subjects_age on subjects (study_id, (coalesce(age, 2147483647)), subjid) include (site_id);
create index subjects_status on subjects (study_id, status, subjid) include (site_id);
create index subjects_enrolldate on subjects (study_id, (coalesce(enrolldate, 'infinity'::date)), subjid)
  include (site_id);
create index subjects_updated on subjects (study_id, updated_at, subjid) include (site_id);
-- totals of a scope, and a single site's subjects in subject-number order
create index subjects_site on subjects (study_id, site_id, subjid);

create trigger subjects_data_version
  after insert or update or delete or truncate on subjects
  for each statement execute function bump_subjects_version();

-- Options of the code lists (codelisttype). SITE is not stored: it answers the sites of the role's scope.
create table codelist_items (
  codelisttype text not null,
  codevalue    text not null,
  codedesp_zh  text not null,
  codedesp_en  text not null,
  sort         integer not null default 0,
  primary key (codelisttype, codevalue)
);

-- Search-field definitions and column sets of the list screens, in the wire format the client parses
-- (docs/list-metadata.md), kept as written (json, not jsonb: the builder's key order stays). `version` moves on every
-- change, so that the server re-parses only what changed.
create table list_definitions (
  study_id   text not null references studies (id),
  list_key   text not null,
  kind       text not null check (kind in ('searchFields', 'columns')),
  definition json not null check (json_typeof(definition) = 'array'),
  version    integer not null default 1,
  updated_at timestamptz not null,
  primary key (study_id, list_key, kind)
);

create function bump_list_definition_version() returns trigger language plpgsql as $$
begin
  if new.definition::text is distinct from old.definition::text then
    new.version := old.version + 1;
  end if;
  return new;
end
$$;

create trigger list_definitions_version
  before update on list_definitions
  for each row execute function bump_list_definition_version();

-- The search items (innerid of custom definitions) a user shows in a list's search bar.
create table user_search_prefs (
  user_id    text not null references users (id),
  study_id   text not null references studies (id),
  list_key   text not null,
  shown      text[] not null default '{}',
  updated_at timestamptz not null,
  primary key (user_id, study_id, list_key)
);
