package org.pgloadbench.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.pgloadbench.publish.Schema;
import org.pgloadbench.results.Machines;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.Summary;

/**
 * The runs published into a results database (schema {@code pgloadbench}, version 1), read with the
 * rule reports read a run by: a step stored twice (a resumed run measured its repetition again)
 * counted as its later measurement, a step's seconds summed over its tables within each repetition,
 * a repetition counted only when all of its rows are ok and it has as many as the fullest one, the
 * median over those.
 *
 * @param where the database as the report names it, without a password
 */
public record DatabaseSource(Connection connection, String where) implements HistorySource {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Each repetition's sum per run, server, cell and step, and (step null) over all the cell's
   * steps; then, per run, server, cell and step, the sums of the repetitions counted (whole, with
   * as many rows as the fullest), with what the run ran with.
   */
  private static final String REPETITIONS =
      """
      WITH repetitions AS (
        SELECT s.run_key, s.pg_version, s.cell, s.step, s.repetition,
               sum(s.seconds) AS seconds, count(*) AS parts,
               bool_and(s.status = 'ok' AND s.seconds IS NOT NULL) AS whole
        FROM (SELECT DISTINCT ON (run_key, pg_version, cell, table_name, step, object, repetition) *
              FROM pgloadbench.steps
              ORDER BY run_key, pg_version, cell, table_name, step, object, repetition,
                       ordinal DESC) s
        JOIN pgloadbench.runs r ON r.run_key = s.run_key
        WHERE r.scenario = ? AND s.repetition >= 1
        GROUP BY GROUPING SETS ((s.run_key, s.pg_version, s.cell, s.repetition, s.step),
                                (s.run_key, s.pg_version, s.cell, s.repetition))),
      counted AS (
        SELECT run_key, pg_version, cell, step,
               array_agg(seconds) FILTER (WHERE whole AND parts = fullest) AS seconds
        FROM (SELECT *, max(parts) OVER (PARTITION BY run_key, pg_version, cell, step) AS fullest
              FROM repetitions) x
        GROUP BY run_key, pg_version, cell, step)
      SELECT p.run_key, r.run_id, r.started, r.harness_revision, r.java,
             r.machine, m.cpu_model, m.cpus, m.memory_bytes, m.os,
             v.label, v.version_string, v.settings::text AS settings,
             p.pg_version, p.cell, p.step, p.seconds
      FROM counted p
      JOIN pgloadbench.runs r ON r.run_key = p.run_key
      JOIN pgloadbench.machines m ON m.machine = r.machine
      LEFT JOIN pgloadbench.servers v ON v.run_key = p.run_key AND v.label = p.pg_version
      ORDER BY r.started, p.run_key, p.pg_version, p.cell, p.step
      """;

  @Override
  public List<String> scenarios() throws HistoryException {
    checkSchema();
    List<String> scenarios = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT DISTINCT scenario FROM pgloadbench.runs ORDER BY scenario")) {
      while (rs.next()) {
        scenarios.add(rs.getString(1));
      }
    } catch (SQLException e) {
      throw failed(e);
    }
    return scenarios;
  }

  @Override
  public List<HistoryPoint> points(String scenario) throws HistoryException {
    checkSchema();
    List<HistoryPoint> points = new ArrayList<>();
    try (PreparedStatement s = connection.prepareStatement(REPETITIONS)) {
      s.setString(1, scenario);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          String server = rs.getString("pg_version");
          Array counted = rs.getArray("seconds");
          if (server.endsWith(RunManifest.CONTROL_SUFFIX) || counted == null) {
            continue;
          }
          String step = rs.getString("step");
          Series.Key key =
              new Series.Key(
                  rs.getString("machine"),
                  server,
                  rs.getString("cell"),
                  step == null ? HistoryPoint.TOTAL : step);
          double median = Summary.plain(Arrays.asList((Double[]) counted.getArray())).median();
          points.add(new HistoryPoint(key, run(rs), median, context(rs)));
        }
      }
    } catch (SQLException e) {
      throw failed(e);
    }
    return points;
  }

  private static HistoryPoint.Run run(ResultSet rs) throws SQLException {
    Timestamp started = rs.getTimestamp("started");
    return new HistoryPoint.Run(
        rs.getString("run_key"),
        rs.getString("run_id"),
        started == null ? Instant.EPOCH : started.toInstant());
  }

  private static Map<String, String> context(ResultSet rs) throws SQLException {
    String versionString = rs.getString("version_string");
    String settings = rs.getString("settings");
    Map<String, Object> parsed;
    try {
      parsed = settings == null ? Map.of() : JSON.readValue(settings, new TypeReference<>() {});
    } catch (JsonProcessingException e) {
      parsed = Map.of("(unreadable)", settings);
    }
    return HistoryPoint.context(
        versionString == null || versionString.isBlank() ? rs.getString("label") : versionString,
        rs.getString("harness_revision"),
        rs.getString("java"),
        Machines.describe(
            rs.getString("cpu_model"),
            rs.getObject("cpus", Integer.class),
            rs.getObject("memory_bytes", Long.class),
            rs.getString("os")),
        parsed);
  }

  /** Refuses a schema this harness does not know: a newer harness's, or none. */
  private void checkSchema() throws HistoryException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT max(version) FROM pgloadbench.schema_version")) {
      int version = rs.next() ? rs.getInt(1) : 0;
      if (version > Schema.VERSION) {
        throw new HistoryException(
            ("%s holds results of schema version %s, newer than this harness reads (%s); use a"
                    + " newer pgloadbench")
                .formatted(where, version, Schema.VERSION));
      }
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  private HistoryException failed(SQLException e) {
    String state = e.getSQLState();
    if ("42P01".equals(state) || "3F000".equals(state)) {
      return new HistoryException(
          where + " holds no pgloadbench results (no schema pgloadbench); publish a run first", e);
    }
    return new HistoryException(
        "cannot read the results database " + where + ": " + oneLine(e.getMessage()), e);
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s+", " ").strip();
  }
}
