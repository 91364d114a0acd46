-- The code-list version: one number that moves, on every write by any process, with the study's code lists
-- (codelist_items). A form open answers the names of the study's code lists and a save validates against their
-- options; a server process keeps both across requests only while the version it read them at is the one here,
-- read in the request's session statement (server/domains/lists/codeListVersion.ts). As migration 0024's access
-- version: from a sequence (a version never comes back, not even after a rolled-back write), moved by statement-level
-- triggers (a list of a hundred options imported at once moves it once), one row that cannot be removed, written by
-- the owner's trigger function only (the app's role reads it).
create sequence codelist_versions;

create table codelist_version (
  -- one row
  id      boolean primary key default true check (id),
  version bigint not null default nextval('codelist_versions')
);
alter sequence codelist_versions owned by codelist_version.version;
insert into codelist_version default values;

create function bump_codelist_version() returns trigger language plpgsql security definer set search_path from current
as $$
begin
  update codelist_version set version = nextval('codelist_versions');
  return null;
end
$$;

create function refuse_codelist_version_removal() returns trigger language plpgsql as $$
begin
  raise exception 'the code-list version row cannot be removed';
end
$$;
create trigger codelist_version_kept before delete or truncate on codelist_version
  for each statement execute function refuse_codelist_version_removal();

create trigger codelist_items_version after insert or update or delete or truncate on codelist_items
  for each statement execute function bump_codelist_version();
