package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;

/**
 * One measured step of one table in one repetition of one cell on one server: a line of {@code
 * steps.jsonl} (its key and measurements flat in it) and a row of {@code timings.csv}.
 *
 * @param key which step this is
 * @param axes the cell's value on each matrix axis, in the scenario's axis order
 * @param status whether the step went well; a failed one carries the server's error
 * @param measured what it measured (a failed step: its time until the error, its client CPU)
 * @param error the server's error, one line, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StepResult(
    String runId,
    String scenario,
    @JsonUnwrapped StepKey key,
    Map<String, String> axes,
    Status status,
    @JsonUnwrapped Measurements measured,
    String error) {

  /** How a step ended. */
  public enum Status {
    OK,
    FAILED;

    @JsonValue
    public String text() {
      return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Status of(String text) {
      return valueOf(text.toUpperCase(Locale.ROOT));
    }
  }

  public StepResult {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
  }

  /** A step that went well. */
  public static StepResult ok(
      String runId, String scenario, StepKey key, Map<String, String> axes, Measurements m) {
    return new StepResult(runId, scenario, key, axes, Status.OK, m, null);
  }

  /** A step that failed, with what was measured until the error and the server's error. */
  public static StepResult failed(
      String runId,
      String scenario,
      StepKey key,
      Map<String, String> axes,
      Measurements m,
      String error) {
    return new StepResult(runId, scenario, key, axes, Status.FAILED, m, error);
  }

  /** This result with another error: the same step, its cause told more fully. */
  public StepResult withError(String error) {
    return new StepResult(runId, scenario, key, axes, status, measured, error);
  }

  public boolean ok() {
    return status == Status.OK;
  }

  /** The server it ran on, as results name it: its version or a build's label. */
  public String server() {
    return key.server();
  }

  public String cell() {
    return key.cell();
  }

  public int repetition() {
    return key.repetition();
  }

  public String table() {
    return key.table();
  }

  public StepKind step() {
    return key.step();
  }

  public String object() {
    return key.object();
  }

  /** The step's wall time, the figure most of the harness reads. */
  public double seconds() {
    return measured.seconds();
  }

  /** The seconds of a load: its steps' summed. */
  public static double seconds(List<StepResult> load) {
    return load.stream().mapToDouble(StepResult::seconds).sum();
  }
}
