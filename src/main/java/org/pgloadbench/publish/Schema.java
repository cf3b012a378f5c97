package org.pgloadbench.publish;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.server.Environment;

/**
 * The results database's schema, {@code pgloadbench}, version {@link #VERSION}: created by the
 * first harness that publishes, under an advisory lock so that several first publishers at once
 * create it once. A measured figure is one column of {@code steps} per figure of timings.csv
 * ({@link ResultStore#FIGURES}); a figure this harness measures and the database lacks is added as
 * a nullable column, which every reader of version 1 can ignore, so it needs no new version.
 */
public final class Schema {
  public static final int VERSION = 1;

  /** The advisory lock the schema is created and extended under: any constant of our own. */
  private static final long LOCK = 0x70676c6f61646265L; // "pgloadbe"

  /** The figures that have a column of their own before the rest: seconds, by the steps' key. */
  private static final String SECONDS = "seconds";

  private static final String TABLES =
      """
      CREATE SCHEMA IF NOT EXISTS pgloadbench;
      CREATE TABLE pgloadbench.schema_version (version int NOT NULL,
        harness_revision text NOT NULL, created timestamptz NOT NULL DEFAULT now());
      CREATE TABLE pgloadbench.machines (machine text PRIMARY KEY,
        cpu_model text, cpus int, memory_bytes bigint, os text);
      CREATE TABLE pgloadbench.runs (run_key text PRIMARY KEY,
        run_id text NOT NULL, scenario text NOT NULL,
        machine text NOT NULL REFERENCES pgloadbench.machines,
        started timestamptz, ended timestamptz, harness_revision text, java text,
        group_id text, shard int, shards int, manifest jsonb NOT NULL,
        published timestamptz NOT NULL DEFAULT now());
      CREATE TABLE pgloadbench.servers (
        run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE, label text,
        version text, version_string text, target text, profile text, settings jsonb,
        PRIMARY KEY (run_key, label));
      CREATE TABLE pgloadbench.cells (
        run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE, cell text, axes jsonb,
        PRIMARY KEY (run_key, cell));
      CREATE TABLE pgloadbench.steps (
        run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE,
        pg_version text NOT NULL, cell text NOT NULL, repetition int NOT NULL,
        table_name text NOT NULL, step text NOT NULL, ordinal int NOT NULL,
        status text NOT NULL, seconds double precision, error text, object text,
        PRIMARY KEY (run_key, ordinal));
      CREATE TABLE pgloadbench.claims (
        run_key text REFERENCES pgloadbench.runs ON DELETE CASCADE, number int, claim text,
        source text, verdict text, ratio double precision, low double precision,
        high double precision, p double precision, PRIMARY KEY (run_key, number))
      """;

  private Schema() {}

  /** The figures of a step after its seconds, each a column of {@code steps} of that name. */
  static List<String> figures() {
    return ResultStore.FIGURES.stream().filter(f -> !f.equals(SECONDS)).toList();
  }

  /**
   * Creates the schema when there is none, adds the figures it lacks, and refuses one of a newer
   * harness; in one transaction of its own.
   */
  static void ensure(Connection c, String where) throws SQLException, PublishException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute("SELECT pg_catalog.pg_advisory_xact_lock(" + LOCK + ")");
      if (!exists(c)) {
        for (String statement : TABLES.split(";")) {
          s.execute(statement);
        }
        Statements.execute(
            c,
            "INSERT INTO pgloadbench.schema_version (version, harness_revision) VALUES (?, ?)",
            VERSION,
            Environment.harnessRevision());
      }
      int version = version(s);
      if (version > VERSION) {
        c.rollback();
        throw new PublishException(
            ("the results database %s has schema version %s, of a newer harness than this one"
                    + " (version %s); publish with a newer pgloadbench, or name another database")
                .formatted(where, version, VERSION));
      }
      for (String figure : missingFigures(c)) {
        s.execute(
            "ALTER TABLE pgloadbench.steps ADD COLUMN "
                + figure
                + (Measurements.whole(figure) ? " bigint" : " double precision"));
      }
      c.commit();
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  private static boolean exists(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT to_regclass('pgloadbench.schema_version') IS NOT NULL")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  private static int version(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT max(version) FROM pgloadbench.schema_version")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static List<String> missingFigures(Connection c) throws SQLException {
    Set<String> columns = new HashSet<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT column_name FROM information_schema.columns"
                    + " WHERE table_schema = 'pgloadbench' AND table_name = 'steps'")) {
      while (rs.next()) {
        columns.add(rs.getString(1));
      }
    }
    return figures().stream().filter(f -> !columns.contains(f)).toList();
  }
}
