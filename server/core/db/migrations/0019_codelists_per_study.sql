-- 0019: code lists belong to a study (docs/codelists.md). Until now every study of the database shared
-- codelist_items, so a study whose import published a list named like another study's would collide with it or see
-- its options. Each study that exists gets its own copy of the lists that were there (a database of the demo seed has
-- one study, the demo study, which keeps them all); no study loses a list it used.
alter table codelist_items drop constraint codelist_items_pkey;
alter table codelist_items add column study_id text references studies (id);
insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort, version)
  select s.id, c.codelisttype, c.codevalue, c.codedesp_zh, c.codedesp_en, c.sort, c.version
  from codelist_items c cross join studies s
  where c.study_id is null;
delete from codelist_items where study_id is null;
alter table codelist_items alter column study_id set not null;
alter table codelist_items add primary key (study_id, codelisttype, codevalue);
