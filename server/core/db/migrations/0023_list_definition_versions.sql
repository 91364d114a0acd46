-- List definition versions from one sequence (owned by the column, so it goes with the table). The list engine reuses
-- a parsed definition while the stored versions are the ones it parsed (server/domains/lists/engine/metadata.ts); a
-- per-row counter starting at 1 would let a definition deleted and written again come back at a version an instance
-- has already parsed, and that instance would go on serving the old one. From a sequence, every written definition
-- has a version no earlier definition had, on every instance.
create sequence list_definition_versions owned by list_definitions.version;
select setval('list_definition_versions', greatest(coalesce((select max(version) from list_definitions), 0), 1));
alter table list_definitions alter column version set default nextval('list_definition_versions');

create or replace function bump_list_definition_version() returns trigger language plpgsql as $$
begin
  if new.definition::text is distinct from old.definition::text then
    new.version := nextval('list_definition_versions');
  end if;
  return new;
end
$$;
