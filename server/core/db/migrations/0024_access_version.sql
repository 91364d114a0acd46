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

create function bump_access_version() returns trigger language plpgsql as $$
begin
  update access_version set version = nextval('access_versions');
  return null;
end
$$;

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
