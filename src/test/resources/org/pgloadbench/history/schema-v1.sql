-- The results database's schema, version 1, as /tmp/h36/COMMON.md states it (the harness creates it
-- when it publishes; the history test creates it here to read rows it inserts).
CREATE SCHEMA pgloadbench;
CREATE TABLE pgloadbench.schema_version (version int NOT NULL, harness_revision text NOT NULL,
  created timestamptz NOT NULL DEFAULT now());
CREATE TABLE pgloadbench.machines (machine text PRIMARY KEY,
  cpu_model text, cpus int, memory_bytes bigint, os text);
CREATE TABLE pgloadbench.runs (run_key text PRIMARY KEY,
  run_id text NOT NULL, scenario text NOT NULL, machine text NOT NULL REFERENCES pgloadbench.machines,
  started timestamptz, ended timestamptz, harness_revision text, java text,
  group_id text, shard int, shards int,
  manifest jsonb NOT NULL,
  published timestamptz NOT NULL DEFAULT now());
CREATE TABLE pgloadbench.servers (run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE,
  label text, version text, version_string text, target text, profile text, settings jsonb,
  PRIMARY KEY (run_key, label));
CREATE TABLE pgloadbench.cells (run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE,
  cell text, axes jsonb, PRIMARY KEY (run_key, cell));
CREATE TABLE pgloadbench.steps (run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE,
  pg_version text NOT NULL, cell text NOT NULL, repetition int NOT NULL, table_name text NOT NULL,
  step text NOT NULL, ordinal int NOT NULL,
  status text NOT NULL, seconds double precision, error text,
  rows bigint, wal_bytes bigint, table_bytes bigint, pages bigint, frozen_pages bigint,
  PRIMARY KEY (run_key, ordinal));
CREATE TABLE pgloadbench.claims (run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE,
  number int, claim text, source text, verdict text, ratio double precision,
  low double precision, high double precision, p double precision, PRIMARY KEY (run_key, number));
INSERT INTO pgloadbench.schema_version (version, harness_revision) VALUES (1, 'test');
