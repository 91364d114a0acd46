-- The records of a form at a site: the input assistance's earlier values (dataInputasst, one keystroke after another)
-- read a form's records at the session's site. With the index on (study_id, tid) alone PostgreSQL read every record of
-- the form in the study and filtered the site: on a study of 120 sites and 141,000 records (bench:load --volume 6000)
-- a parallel sequential scan, 29–34 ms per keystroke on three processes, growing with the study (docs/load.md, stop
-- 34). The same index with the site after the form answers those reads by the site's records and still serves every
-- read by study and form, so it replaces the old one: a save maintains as many indexes as before. (On a large table
-- this migration builds the index with writes to `form_records` held until it is built.)
create index form_records_study_tid_site on form_records (study_id, tid, site_id);
drop index form_records_study_tid;
