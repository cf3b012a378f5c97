package org.pgloadbench.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
  /** The newest schema this harness reads. */
  static final int SCHEMA_VERSION = Schema.VERSION;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Each repetition's sum per run, server, cell and step, and (step null) over all the cell's
   * steps; with what the run ran with.
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
                                (s.run_key, s.pg_version, s.cell, s.repetition)))
      SELECT p.run_key, r.run_id, r.started, r.harness_revision, r.java,
             r.machine, m.cpu_model, m.cpus, m.memory_bytes, m.os,
             v.label, v.version_string, v.settings::text AS settings,
             p.pg_version, p.cell, p.step, p.seconds, p.parts, p.whole
      FROM repetitions p
      JOIN pgloadbench.runs r ON r.run_key = p.run_key
      JOIN pgloadbench.machines m ON m.machine = r.machine
      LEFT JOIN pgloadbench.servers v ON v.run_key = p.run_key AND v.label = p.pg_version
      ORDER BY r.started, p.run_key, p.pg_version, p.cell, p.step, p.repetition
      """;

  /** One series' point in the making: its repetitions' sums, parts and wholeness. */
  private static final class Repetitions {
    final HistoryPoint.Run run;
    final Map<String, String> context;
    final List<double[]> sums = new ArrayList<>(); // {seconds, parts}; whole ones only
    long fullest;

    Repetitions(HistoryPoint.Run run, Map<String, String> context) {
      this.run = run;
      this.context = context;
    }
  }

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
    Map<Series.Key, Map<String, Repetitions>> byRun = new LinkedHashMap<>();
    try (PreparedStatement s = connection.prepareStatement(REPETITIONS)) {
      s.setString(1, scenario);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          String server = rs.getString("pg_version");
          if (server.endsWith(RunManifest.CONTROL_SUFFIX)) {
            continue;
          }
          String step = rs.getString("step");
          Series.Key key =
              new Series.Key(
                  rs.getString("machine"),
                  server,
                  rs.getString("cell"),
                  step == null ? HistoryPoint.TOTAL : step);
          String runKey = rs.getString("run_key");
          Map<String, Repetitions> runs = byRun.computeIfAbsent(key, k -> new LinkedHashMap<>());
          Repetitions point = runs.get(runKey);
          if (point == null) {
            point = new Repetitions(run(rs), context(rs));
            runs.put(runKey, point);
          }
          long parts = rs.getLong("parts");
          point.fullest = Math.max(point.fullest, parts);
          if (rs.getBoolean("whole")) {
            point.sums.add(new double[] {rs.getDouble("seconds"), parts});
          }
        }
      }
    } catch (SQLException e) {
      throw failed(e);
    }
    List<HistoryPoint> points = new ArrayList<>();
    for (Map.Entry<Series.Key, Map<String, Repetitions>> series : byRun.entrySet()) {
      for (Repetitions r : series.getValue().values()) {
        List<Double> whole =
            r.sums.stream().filter(sum -> sum[1] == r.fullest).map(sum -> sum[0]).toList();
        if (!whole.isEmpty()) {
          double median = Summary.plain(whole).median();
          points.add(new HistoryPoint(series.getKey(), r.run, median, r.context));
        }
      }
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
    long cpus = rs.getLong("cpus");
    Integer cpuCount = rs.wasNull() ? null : (int) cpus;
    long memory = rs.getLong("memory_bytes");
    Long memoryBytes = rs.wasNull() ? null : memory;
    return HistoryPoint.context(
        versionString == null || versionString.isBlank() ? rs.getString("label") : versionString,
        rs.getString("harness_revision"),
        rs.getString("java"),
        Machines.describe(rs.getString("cpu_model"), cpuCount, memoryBytes, rs.getString("os")),
        parsed);
  }

  /** Refuses a schema this harness does not know: a newer harness's, or none. */
  private void checkSchema() throws HistoryException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT max(version) FROM pgloadbench.schema_version")) {
      int version = rs.next() ? rs.getInt(1) : 0;
      if (version > SCHEMA_VERSION) {
        throw new HistoryException(
            ("%s holds results of schema version %s, newer than this harness reads (%s); use a"
                    + " newer pgloadbench")
                .formatted(where, version, SCHEMA_VERSION));
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
