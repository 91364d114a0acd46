-- No planner statistics for the columns that hold documents: a form's values and its items' states, an audit row's
-- image, a coding term's dictionary path and visit label, a save's stored answer, the detail of an audit or security
-- event. No query filters or joins on such a document as a whole (they are read by the row's keys, and a list that
-- filters on a value filters on an expression, whose estimate never comes from the column's statistics), yet ANALYZE
-- sampled, compared and sorted every one of them: on the load test's tables (8,000 records, 18,000 audit rows) the
-- ANALYZE of `form_records` and `coding_terms` took 4-6 times as long with them (about twice as long for the six
-- tables every save grows), and autovacuum runs it on those tables while the users work (docs/load.md, stop 33). The
-- other columns keep their statistics. Statistics already gathered on these columns stay as they are (only ANALYZE
-- would replace them, and it no longer does); no query reads them. On a new database a column's width estimate is its
-- type's.
alter table form_records alter column form_values set statistics 0;
alter table form_records alter column item_status set statistics 0;
alter table clinical_audit alter column row_data set statistics 0;
alter table coding_terms alter column path set statistics 0;
alter table coding_terms alter column visit_tname set statistics 0;
alter table save_requests alter column response set statistics 0;
alter table audit_log alter column detail set statistics 0;
alter table security_events alter column detail set statistics 0;
