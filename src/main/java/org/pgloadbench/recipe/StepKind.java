package org.pgloadbench.recipe;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The steps a scenario may list, named as scenarios, results and reports name them ({@code
 * primary_key}); {@link Recipe} says what each does on a table. A new step is one constant here and
 * its step class there.
 *
 * <p>The last three constants are not steps but the other places a stored result attributes a time
 * or a failure to ({@link #listable} is false for them). They stay in this enum because every
 * result stores its step under this type and its name: a type of their own would change what
 * results, reports and comparisons read.
 */
public enum StepKind {
  CREATE,
  /**
   * The load step ({@link LoadRows}), whatever the {@code loader} axis: COPY, or the INSERT and
   * JDBC batch loaders. Named {@code copy} in scenarios and in every stored result.
   */
  COPY,
  PRIMARY_KEY,
  VACUUM,
  ANALYZE,
  SET_LOGGED,
  INDEXES,
  CHECKPOINT,
  DROP,
  VACUUM_ANALYZE,
  VACUUM_FREEZE,
  /** Not a step a scenario lists: what a load does before its first step (its fresh tables). */
  PREPARE,
  /** Not a step a scenario lists: starting a server, or bringing it back. */
  SERVER,
  /**
   * Not a step a scenario lists: a whole load by another program (osm2pgsql, pgbench -i), timed
   * around its process, which the overhead run holds the harness's loads against.
   */
  IMPORT;

  /** The name scenarios and results use, e.g. {@code primary_key}. */
  @JsonValue
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether a scenario may list this step (the others only name where a failure happened). */
  public boolean listable() {
    return this != PREPARE && this != SERVER && this != IMPORT;
  }

  /** The step a scenario names, if it may. */
  public static Optional<StepKind> find(String name) {
    return Arrays.stream(values())
        .filter(k -> k.listable() && k.yamlName().equals(name))
        .findFirst();
  }

  /** The step a stored result names. */
  @JsonCreator
  public static StepKind named(String name) {
    return Arrays.stream(values())
        .filter(k -> k.yamlName().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown step '" + name + "'"));
  }

  /** The names of the steps a scenario may list, in this order. */
  public static List<String> names() {
    return Arrays.stream(values()).filter(StepKind::listable).map(StepKind::yamlName).toList();
  }

  @Override
  public String toString() {
    return yamlName();
  }
}
