-- 0020: a pending freeze or unfreeze request can be withdrawn by the user who applied for it (docs/freeze.md).
-- Withdrawn is a final status like approved and rejected: who withdrew it (always the requester), when and why are
-- written in the decision columns, and freeze_audit gets a `withdraw` row in the same transaction.

alter table freeze_requests drop constraint freeze_requests_status_check;
alter table freeze_requests add constraint freeze_requests_status_check
  check (status in ('pending', 'approved', 'rejected', 'withdrawn'));
alter table freeze_requests add constraint freeze_requests_withdrawn_by_requester
  check (status <> 'withdrawn' or decided_by = requested_by);

alter table freeze_audit drop constraint freeze_audit_action_check;
alter table freeze_audit add constraint freeze_audit_action_check
  check (action in ('apply', 'approve', 'reject', 'withdraw'));
