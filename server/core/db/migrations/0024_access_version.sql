-- The access version: one number that moves, on every write by any process, with everything the per-request session
-- check reads besides the session itself — who holds which role where (user_roles), a role's code (roles), its
-- permissions (role_permissions) and the menus of the page check (menus, role_menus). A server process keeps the
-- role held, the permissions and the menus of a session across requests only while the version it read them at is
-- the one in the database (server/core/auth/sessions.ts); the session row itself (expiry, logout, forced logout, the
-- role and site chosen, a disabled user) is read on every request. Several server processes share one database
-- (docs/deploy-instances.md), so the version lives here, moved by triggers, not in a process.
--
-- From a sequence (as migration 0023's list definition versions): a version never comes back — not after a rolled
-- back write, nor if the row were written again — so a process can never take changed data for the data it kept.
create sequence access_versions;

create table access_version (
  -- one row
  id      boolean primary key default true check (id),
  version bigint not null default nextval('access_versions')
);
alter sequence access_versions owned by access_version.version;
insert into access_version default values;

-- runs as the owner (security definer, with the search path of this migration): the app's role reads the version
-- but may not write it (ownerSplit.ts grants it select only), so it cannot set a version back or remove the row
create function bump_access_version() returns trigger language plpgsql security definer set search_path from current
as $$
begin
  update access_version set version = nextval('access_versions');
  return null;
end
$$;

-- the one row stays: without it every version read would be null and nothing could be kept safely
create function refuse_access_version_removal() returns trigger language plpgsql as $$
begin
  raise exception 'the access version row cannot be removed';
end
$$;
create trigger access_version_kept before delete or truncate on access_version
  for each statement execute function refuse_access_version_removal();

-- per statement (also TRUNCATE): a grant of a hundred rows moves the version once
create trigger user_roles_access_version after insert or update or delete or truncate on user_roles
  for each statement execute function bump_access_version();
create trigger roles_access_version after insert or update or delete or truncate on roles
  for each statement execute function bump_access_version();
create trigger role_permissions_access_version after insert or update or delete or truncate on role_permissions
  for each statement execute function bump_access_version();
create trigger role_menus_access_version after insert or update or delete or truncate on role_menus
  for each statement execute function bump_access_version();
create trigger menus_access_version after insert or update or delete or truncate on menus
  for each statement execute function bump_access_version();
