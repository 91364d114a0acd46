-- 0022: several server processes may share one PostgreSQL database (docs/deploy-instances.md). A process that
-- starts used to fail every running job as "interrupted by a restart", including the jobs another, living process
-- was running. A running job now carries a heartbeat its process renews; only a job whose heartbeat stopped is
-- failed as interrupted (docs/jobs.md).
alter table jobs add column heartbeat_at timestamptz;
