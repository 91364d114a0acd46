-- 0008: the casebook's visits and pages (issue 12, slice "visits and pages"; docs/casebook-visits.md): kinds of
-- visits in the schedule (scheduled for every subject, hidden until added, unscheduled, repeating), forms a visit
-- holds only on demand, the forms added to a subject's visit, which visits a user added, the marks on pages and
-- visits (not collected, not occurred, invalid) with their reasons, the invalidation-reasons dictionary, and the
-- visit audit trail (append-only, like subject_audit).

-- scheduled: every subject has it (the seed writes it); hidden: in the casebook only once added (savevisit);
-- unscheduled: added any number of times, each a new sub-visit (svnum); repeating: cycles added one after the other
-- (addNextVisit, cycnum)
alter table visit_schedule add column kind text not null default 'scheduled'
  check (kind in ('scheduled', 'hidden', 'unscheduled', 'repeating'));
-- forms the visit holds only once added to a subject's visit (updateVisitTable: "add eCRF"), in order
alter table visit_schedule add column optional_tids text[] not null default '{}';

-- the optional forms added to this visit of the subject, in the order added
alter table subject_visits add column extra_tids text[] not null default '{}';
-- whether a user added the visit (savevisit, addNextVisit): only such a visit may be deleted, and only while empty
alter table subject_visits add column added boolean not null default false;

-- The study's reasons for marking a page or visit (invalidationreason.do), in order; `needs_text`: the reason asks
-- for a free text as well (other).
create table invalidation_reasons (
  study_id   text not null references studies (id),
  code       text not null,
  text_zh    text not null,
  text_en    text not null,
  needs_text boolean not null default false,
  sort       integer not null default 0,
  primary key (study_id, code)
);

-- The current mark of a page (tid) or of a whole visit (tid ''): not collected, not occurred or invalid. Removing
-- it (activate) deletes the row; the visit audit trail and clinical_audit keep every mark there ever was.
create table casebook_marks (
  subject_id  text not null,
  visitnum    text not null,
  cycnum      integer not null check (cycnum >= 1),
  svnum       integer not null check (svnum >= 1),
  tid         text not null default '',
  mark        text not null check (mark in ('uncollected', 'unoccurred', 'invalid')),
  reason_code text not null,
  reason_text text,
  marked_by   text not null references users (id),
  role_id     text not null,
  marked_at   timestamptz not null,
  primary key (subject_id, visitnum, cycnum, svnum, tid)
);

create trigger casebook_marks_audit_insert after insert on casebook_marks
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger casebook_marks_audit_update after update on casebook_marks
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger casebook_marks_audit_delete after delete on casebook_marks
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger casebook_marks_no_truncate before truncate on casebook_marks
  for each statement execute function clinical_no_truncate();

-- The visit audit trail (21 CFR Part 11 §11.10(e)): every visit added or deleted, form added or removed, and mark
-- set or lifted, with the reason, who, role, site and when (UTC), written in the transaction of the change; never
-- updated or deleted. No foreign keys: the trail outlives the visit.
create table visit_audit (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  subject_id  text not null,
  visitnum    text not null,
  cycnum      integer not null,
  svnum       integer not null,
  -- '' for the visit itself
  tid         text not null default '',
  action      text not null check (action in ('addVisit', 'deleteVisit', 'addForm', 'removeForm', 'mark', 'unmark')),
  -- the mark set or lifted (mark, unmark), the visit date given (addVisit)
  oldvalue    text,
  newvalue    text,
  reason_code text,
  reason_text text,
  user_id     text not null,
  role_id     text not null,
  site_id     text not null,
  at          timestamptz not null
);
create index visit_audit_subject on visit_audit (subject_id, id);

comment on table visit_audit is 'append-only audit (visits added or deleted, forms added or removed, marks): UPDATE, DELETE, TRUNCATE refused';

create trigger visit_audit_no_update_delete
  before update or delete on visit_audit
  for each row execute function append_only();

create trigger visit_audit_no_truncate
  before truncate on visit_audit
  for each statement execute function append_only();
