-- 0002: per-session e-signature state (21 CFR 11.200(a)(1)): the first signing of a session needs user name and
-- password, later ones the password; consecutive failed signings end the session.

alter table sessions add column signed_once boolean not null default false;
alter table sessions add column signature_failures integer not null default 0;

alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check
  check (end_reason in ('logout', 'replaced', 'expired', 'signatureLock'));
