-- Applying written facts runs on an insights request (insight_flush_versions, decision 016). Its
-- statement's estimated cost (each habit's days from generate_series, guessed at 1,000 rows) passes
-- PostgreSQL's JIT thresholds, so every flush compiled it first: about 1.7 s of compiling for 85 to
-- 100 ms of work on the benchmark's 420 members, which the request applying them waited for, and a
-- core taken from every other request meanwhile. The flush reads a few weeks of a few members, never
-- enough for compiled code to pay back.
ALTER FUNCTION "insight_apply"(uuid[], date[]) SET "jit" = off;
