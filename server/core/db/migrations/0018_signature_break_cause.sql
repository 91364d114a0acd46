-- 0018: why a signature broke. A change of the page's data (cause null, the changed items in `items`, as before),
-- or a casebook mark on the page (`mark:invalid`, `mark:uncollected`, `mark:unoccurred`): a page made invalid no
-- longer carries the investigator's signature (docs/signatures.md).
alter table signature_audit add column cause text;
