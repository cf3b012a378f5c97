package org.pgloadbench.publish;

import static org.pgloadbench.results.Machines.sha256;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.analysis.ClaimCheck;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.ServerRun;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;

/**
 * One stored run as the rows of the results database: its machine, the run, its servers, cells,
 * every line of steps.jsonl and its claims' checks. {@link #insert} writes them in the caller's
 * transaction, and nothing when the run is there already.
 */
final class RunRows {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final StoredRun run;
  private final String manifestText;
  private final List<StepResult> steps;
  private final String machine;

  /** The run's key in the database: its id and a hash of what tells it from another's. */
  private final String runKey;

  private RunRows(StoredRun run, String manifestText, List<StepResult> steps) {
    this.run = run;
    this.manifestText = manifestText;
    this.steps = steps;
    RunManifest.Machine m = run.manifest().environment();
    this.machine = m.fingerprint();
    this.runKey =
        runId() + "-" + sha256(runId(), run.scenarioName(), m.started(), machine).substring(0, 12);
  }

  /** A run directory's rows; a directory without run.json and steps.jsonl is refused. */
  static RunRows of(Path dir) throws IOException, PublishException {
    if (!Files.isRegularFile(dir.resolve(ResultStore.RUN))
        || !Files.isRegularFile(dir.resolve(ResultStore.STEPS))) {
      throw new PublishException(
          dir
              + " is not a run's results directory (it needs run.json and steps.jsonl); give"
              + " RUN=results/<scenario>/<run-id>");
    }
    String manifest = Files.readString(dir.resolve(ResultStore.RUN), StandardCharsets.UTF_8);
    // read once: every line of steps.jsonl is a row (a step measured again on resume too)
    List<StepResult> steps = ResultStore.readSteps(dir, warning -> {});
    return new RunRows(StoredRun.of(dir, ResultStore.readRun(dir), steps), manifest, steps);
  }

  private String runId() {
    String id = run.manifest().runId();
    return id != null ? id : run.id();
  }

  /**
   * The machine on its own, committed before the run: shared by the machine's runs, a row of it
   * held in a run's transaction would make every other publisher of that machine wait for it.
   */
  void insertMachine(Connection c) throws SQLException {
    RunManifest.Machine m = run.manifest().environment();
    Statements.execute(
        c,
        "INSERT INTO pgloadbench.machines VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        machine,
        m.cpuModel(),
        m.cpus(),
        m.memoryBytes(),
        m.os());
  }

  /**
   * Every row of the run; none, and not added, when the run is published already. A run published
   * before it was resumed holds fewer steps than it has now: it is replaced whole, in the same
   * transaction.
   */
  ResultsDatabase.Published insert(Connection c) throws SQLException, IOException {
    Statements.execute(
        c,
        "DELETE FROM pgloadbench.runs WHERE run_key = ?"
            + " AND (SELECT count(*) FROM pgloadbench.steps WHERE run_key = ?) < ?",
        runKey,
        runKey,
        steps.size());
    RunManifest.Machine m = run.manifest().environment();
    boolean added =
        Statements.execute(
            c,
            "INSERT INTO pgloadbench.runs (run_key, run_id, scenario, machine, started, ended,"
                + " harness_revision, java, group_id, shard, shards, manifest)"
                + " VALUES (?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?, ?, ?, ?, ?, ?::jsonb)"
                + " ON CONFLICT (run_key) DO NOTHING",
            runKey,
            runId(),
            run.scenarioName(),
            machine,
            m.started(),
            m.ended(),
            m.harnessRevision(),
            m.java(),
            run.manifest().group(),
            run.manifest().shard(),
            run.manifest().shards(),
            manifestText)
            > 0;
    if (added) {
      insertServers(c);
      insertCells(c);
      insertSteps(c);
      insertClaims(c);
    }
    return new ResultsDatabase.Published(runKey, steps.size(), added);
  }

  /**
   * One row per label: servers of one label under several settings profiles (or caps) keep the
   * first, as the label is all steps name them by.
   */
  private void insertServers(Connection c) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    for (ServerRun s : run.manifest().servers()) {
      rows.add(
          new Object[] {
            runKey,
            s.version(),
            s.requested(),
            s.detail("version_string"),
            s.target(),
            s.profile(),
            json(s.settings())
          });
    }
    Statements.batch(
        c,
        "INSERT INTO pgloadbench.servers VALUES (?, ?, ?, ?, ?, ?, ?::jsonb)"
            + " ON CONFLICT DO NOTHING",
        rows);
  }

  /** The cells the scenario lists, then any other a step names. */
  private void insertCells(Connection c) throws SQLException {
    Map<String, Map<String, String>> cells = new LinkedHashMap<>();
    run.manifest().scenario().cells().forEach(cell -> cells.put(cell.label(), cell.axes()));
    steps.forEach(s -> cells.putIfAbsent(s.cell(), s.axes()));
    List<Object[]> rows = new ArrayList<>();
    cells.forEach(
        (cell, axes) ->
            rows.add(new Object[] {runKey, cell, json(axes == null ? Map.of() : axes)}));
    Statements.batch(c, "INSERT INTO pgloadbench.cells VALUES (?, ?, ?::jsonb)", rows);
  }

  /** Every line of steps.jsonl, its place in the file its ordinal, every figure a column. */
  private void insertSteps(Connection c) throws SQLException {
    List<String> figures = Schema.figures();
    String sql =
        "INSERT INTO pgloadbench.steps (run_key, pg_version, cell, repetition, table_name, step,"
            + " ordinal, status, seconds, error, object, "
            + String.join(", ", figures)
            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"
            + ", ?".repeat(figures.size())
            + ")";
    List<Function<Measurements, Number>> columns =
        figures.stream().map(Measurements::named).toList();
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      StepResult s = steps.get(i);
      List<Object> row = new ArrayList<>();
      Collections.addAll(
          row,
          runKey,
          s.server(),
          s.cell(),
          s.repetition(),
          s.table(),
          s.step() == null ? "-" : s.step().yamlName(),
          i + 1,
          s.status().text(),
          s.seconds(),
          s.error(),
          s.object());
      columns.forEach(column -> row.add(column.apply(s.measured())));
      rows.add(row.toArray());
    }
    Statements.batch(c, sql, rows);
  }

  /**
   * Each check of a claim as the report numbers its rows: the claim's words with the versions (and
   * settings profile, disk) it was checked on; p is the one its verdict rests on, after Holm's
   * correction where its table had one.
   */
  private void insertClaims(Connection c) throws SQLException {
    List<ClaimCheck> checks = Answer.of(run).claims();
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < checks.size(); i++) {
      ClaimCheck check = checks.get(i);
      rows.add(
          new Object[] {
            runKey,
            i + 1,
            scoped(check),
            check.claim().source(),
            check.verdict().toString(),
            finite(check.ratio()),
            finite(check.ratioLow()),
            finite(check.ratioHigh()),
            finite(Double.isNaN(check.pHolm()) ? check.p() : check.pHolm())
          });
    }
    Statements.batch(c, "INSERT INTO pgloadbench.claims VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows);
  }

  private static String scoped(ClaimCheck check) {
    String scope = "PostgreSQL " + check.versions();
    if (check.claim().settings() != null) {
      scope += ", settings " + check.claim().settings();
    }
    if (check.claim().disk() != null) {
      scope += ", disk " + check.claim().disk();
    }
    return check.claim().claim() + " (" + scope + ")";
  }

  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
