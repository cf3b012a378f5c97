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
    Long objectBytes) {

  public static final String OK = "ok";
  public static final String FAILED = "failed";

  public StepResult {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
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

  /** This result, about {@code object} within its table (e.g. an index it built). */
  public StepResult withObject(String object, Long objectBytes) {
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
        objectBytes);
  }

  public boolean ok() {
    return OK.equals(status);
  }
}
