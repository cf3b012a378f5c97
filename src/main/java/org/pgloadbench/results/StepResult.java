package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measured step of one table in one repetition of one cell on one server: a line of {@code
 * steps.jsonl} and a row of {@code timings.csv}. Numbers that were not measured are null.
 *
 * @param axes the cell's value on each matrix axis, in the scenario's axis order
 * @param status {@code ok} or {@code failed}; a failed step carries the server's error
 * @param rows rows loaded (COPY, checked against the rows generated) or null
 * @param walBytes WAL written during the step: the {@code pg_current_wal_insert_lsn()} delta
 * @param tableBytes the table's heap size after the step
 * @param pages heap pages in use after the step: the relation's pages less the never-initialised
 *     ones that bulk extension (16+) leaves at its end, so that a COPY FREEZE shows all its pages
 *     frozen
 * @param frozenPages pages marked all-frozen in the visibility map after the step
 * @param object what the step acted on within the table, e.g. the index it built; null for the
 *     table itself
 * @param objectBytes that object's size after the step (an index's main fork), or null
 * @param clientCpuSeconds CPU time the harness's own process used during the step (generating,
 *     encoding and sending rows, on every connection's thread), or null when not measured
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StepResult(
    String runId,
    String scenario,
    String pgVersion,
    String cell,
    Map<String, String> axes,
    int repetition,
    String table,
    String step,
    String status,
    double seconds,
    Long rows,
    Long walBytes,
    Long tableBytes,
    Long pages,
    Long frozenPages,
    String error,
    String object,
    Long objectBytes,
    Double clientCpuSeconds) {

  public static final String OK = "ok";
  public static final String FAILED = "failed";

  public StepResult {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
  }

  /** A result whose client CPU time was not measured. */
  public StepResult(
      String runId,
      String scenario,
      String pgVersion,
      String cell,
      Map<String, String> axes,
      int repetition,
      String table,
      String step,
      String status,
      double seconds,
      Long rows,
      Long walBytes,
      Long tableBytes,
      Long pages,
      Long frozenPages,
      String error,
      String object,
      Long objectBytes) {
    this(
        runId,
        scenario,
        pgVersion,
        cell,
        axes,
        repetition,
        table,
        step,
        status,
        seconds,
        rows,
        walBytes,
        tableBytes,
        pages,
        frozenPages,
        error,
        object,
        objectBytes,
        null);
  }

  /** A step that failed: no figures but its time until the error, and the server's error. */
  public static StepResult failed(
      String runId,
      String scenario,
      String pgVersion,
      String cell,
      Map<String, String> axes,
      int repetition,
      String table,
      String step,
      double seconds,
      String error) {
    return new StepResult(
        runId,
        scenario,
        pgVersion,
        cell,
        axes,
        repetition,
        table,
        step,
        FAILED,
        seconds,
        null,
        null,
        null,
        null,
        null,
        error,
        null,
        null);
  }

  /**
   * This failed result, about {@code object} within its table (e.g. the index it was building) and
   * with the client CPU time used until the error.
   */
  public StepResult about(String object, Double clientCpuSeconds) {
    return with(error, object, clientCpuSeconds);
  }

  /** This result with another error: the same step, its cause told more fully. */
  public StepResult withError(String error) {
    return with(error, object, clientCpuSeconds);
  }

  private StepResult with(String error, String object, Double clientCpuSeconds) {
    return new StepResult(
        runId,
        scenario,
        pgVersion,
        cell,
        axes,
        repetition,
        table,
        step,
        status,
        seconds,
        rows,
        walBytes,
        tableBytes,
        pages,
        frozenPages,
        error,
        object,
        objectBytes,
        clientCpuSeconds);
  }

  public boolean ok() {
    return OK.equals(status);
  }
}
