-- 0021: a freeze request can be withdrawn since 0020, and the request list shows its status through the study's
-- FREEZESTATUS code list. A database seeded before 0020 has that list without `withdrawn`, so a withdrawn request
-- would show its bare code: every study whose FREEZESTATUS list lacks it gets it, after its last option.
insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort, version)
  select study_id, 'FREEZESTATUS', 'withdrawn', '已撤回', 'Withdrawn', max(sort) + 1, 1
  from codelist_items
  where codelisttype = 'FREEZESTATUS'
  group by study_id
  having not bool_or(codevalue = 'withdrawn');
