-- 0013: freeze and unfreeze with approval (issue 14; docs/freeze.md).
--
-- A request (`freeze_requests`) freezes or unfreezes one target of a subject — the subject itself, a page (one form
-- of a visit: every record of it) or an item of a saved record — names the role that must approve it, and carries the
-- applicant's reason; the approver's decision (approved / rejected, who, when, why) is written on it. A target has
-- at most one pending request (partial unique index). `freezes` holds the freezes in force: one row per frozen
-- target, written when a freeze is approved, deleted when an unfreeze is approved. `target_key` names the target
-- within its subject: 'subject', 'page:<visitnum>:<cycnum>:<svnum>:<tid>', 'item:<record id>:<variable>'.
--
-- History: `freeze_audit` (append-only: apply, approve, reject) in the transaction of each transition; both other
-- tables are clinical tables imaged in clinical_audit by the triggers of 0006 and never truncated.

create table freeze_requests (
  id              bigint generated always as identity primary key,
  study_id        text not null,
  site_id         text not null,
  subject_id      text not null,
  target_key      text not null,
  level           text not null check (level in ('item', 'page', 'subject')),
  visitnum        text,
  cycnum          integer,
  svnum           integer,
  tid             text,
  record_id       bigint,
  variable        text,
  action          text not null check (action in ('freeze', 'unfreeze')),
  approval_role   text not null,
  reason          text not null check (length(btrim(reason)) > 0),
  status          text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  requested_by    text not null,
  requested_role  text not null,
  requested_at    timestamptz not null,
  decided_by      text,
  decided_role    text,
  decided_at      timestamptz,
  decision_reason text,
  check ((status = 'pending') = (decided_by is null))
);
create unique index freeze_requests_one_pending on freeze_requests (subject_id, target_key)
  where status = 'pending';
create index freeze_requests_site on freeze_requests (study_id, site_id, status, id);

create table freezes (
  subject_id  text not null,
  target_key  text not null,
  study_id    text not null,
  site_id     text not null,
  level       text not null check (level in ('item', 'page', 'subject')),
  visitnum    text,
  cycnum      integer,
  svnum       integer,
  tid         text,
  record_id   bigint,
  variable    text,
  request_id  bigint not null references freeze_requests (id),
  reason      text not null,
  frozen_at   timestamptz not null,
  primary key (subject_id, target_key)
);
create index freezes_record on freezes (record_id) where record_id is not null;

create table freeze_audit (
  id          bigint generated always as identity primary key,
  study_id    text not null,
  site_id     text not null,
  subject_id  text not null,
  request_id  bigint not null,
  target_key  text not null,
  -- apply: a freeze or unfreeze applied for; approve / reject: the approver's decision
  action      text not null check (action in ('apply', 'approve', 'reject')),
  -- what was applied for (freeze / unfreeze)
  request     text not null,
  reason      text not null,
  user_id     text not null,
  role_id     text not null,
  at          timestamptz not null
);
create index freeze_audit_subject on freeze_audit (subject_id, id);

create trigger freeze_audit_no_update_delete before update or delete on freeze_audit
  for each row execute function append_only();
create trigger freeze_audit_no_truncate before truncate on freeze_audit
  for each statement execute function append_only();
comment on table freeze_audit is 'append-only audit (freeze and unfreeze requests and decisions): UPDATE, DELETE, TRUNCATE refused';

create trigger freeze_requests_audit_insert after insert on freeze_requests
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger freeze_requests_audit_update after update on freeze_requests
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger freeze_requests_audit_delete after delete on freeze_requests
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger freeze_requests_no_truncate before truncate on freeze_requests
  for each statement execute function clinical_no_truncate();

create trigger freezes_audit_insert after insert on freezes
  referencing new table as new_rows for each statement execute function clinical_audit_insert();
create trigger freezes_audit_update after update on freezes
  referencing old table as old_rows new table as new_rows for each statement execute function clinical_audit_update();
create trigger freezes_audit_delete after delete on freezes
  referencing old table as old_rows for each statement execute function clinical_audit_delete();
create trigger freezes_no_truncate before truncate on freezes
  for each statement execute function clinical_no_truncate();
