package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * What one step measured; a figure not measured is null. A new figure is one component here (built
 * by name through {@link Builder}) plus its column in {@link ResultStore}; reports, claims and
 * {@code compare} find it by its name ({@link #named}).
 *
 * @param seconds wall time, by the runner's clock
 * @param rows rows loaded (COPY, checked against the rows generated)
 * @param walBytes WAL written during the step: the {@code pg_current_wal_insert_lsn()} delta
 * @param tableBytes the table's heap size after the step
 * @param pages heap pages in use after the step: the relation's pages less the never-initialised
 *     ones that bulk extension (16+) leaves at its end, so that a COPY FREEZE shows all its pages
 *     frozen
 * @param frozenPages pages marked all-frozen in the visibility map after the step
 * @param objectBytes the size of the object the step acted on (an index's main fork)
 * @param clientCpuSeconds CPU time of the harness's own process during the step (generating,
 *     encoding and sending rows on every connection's thread)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Measurements(
    double seconds,
    Long rows,
    Long walBytes,
    Long tableBytes,
    Long pages,
    Long frozenPages,
    Long objectBytes,
    Double clientCpuSeconds) {

  /** Measurements of a step that took {@code seconds}, every other figure to be added by name. */
  public static Builder timed(double seconds) {
    return new Builder(seconds);
  }

  /** The names of the figures, as results and claims write them ({@code wal_bytes}). */
  public static List<String> names() {
    return Arrays.stream(Measurements.class.getRecordComponents())
        .map(c -> snake(c.getName()))
        .toList();
  }

  /** The figure a results file or a claim names ({@code wal_bytes}), as a function. */
  public static Function<Measurements, Number> named(String name) {
    RecordComponent component =
        Arrays.stream(Measurements.class.getRecordComponents())
            .filter(c -> snake(c.getName()).equals(name))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no figure named " + name));
    return m -> {
      try {
        return (Number) component.getAccessor().invoke(m);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    };
  }

  private static String snake(String camel) {
    return camel.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
  }

  /** Measurements built by name: each figure the step measured, the rest left null. */
  public static final class Builder {
    private final double seconds;
    private Long rows;
    private Long walBytes;
    private Long tableBytes;
    private Long pages;
    private Long frozenPages;
    private Long objectBytes;
    private Double clientCpuSeconds;

    private Builder(double seconds) {
      this.seconds = seconds;
    }

    public Builder rows(Long rows) {
      this.rows = rows;
      return this;
    }

    public Builder walBytes(Long walBytes) {
      this.walBytes = walBytes;
      return this;
    }

    public Builder table(Long tableBytes, Long pages, Long frozenPages) {
      this.tableBytes = tableBytes;
      this.pages = pages;
      this.frozenPages = frozenPages;
      return this;
    }

    public Builder objectBytes(Long objectBytes) {
      this.objectBytes = objectBytes;
      return this;
    }

    public Builder clientCpuSeconds(Double clientCpuSeconds) {
      this.clientCpuSeconds = clientCpuSeconds;
      return this;
    }

    public Measurements build() {
      return new Measurements(
          seconds, rows, walBytes, tableBytes, pages, frozenPages, objectBytes, clientCpuSeconds);
    }
  }
}
