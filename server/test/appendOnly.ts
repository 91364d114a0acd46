/**
 * What the database answers a change of an append-only table: its trigger's refusal, or, with the owner/app split
 * (docs/security-database.md), the app role's missing privilege, which refuses before the trigger is reached.
 */
export const APPEND_ONLY = /append-only|permission denied/;
