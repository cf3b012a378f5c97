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
 */
public enum StepKind {
  CREATE,
  COPY,
  PRIMARY_KEY,
  VACUUM,
  ANALYZE,
  SET_LOGGED,
  INDEXES,
  CHECKPOINT,
  DROP,
  VACUUM_ANALYZE,
  VACUUM_FREEZE;

  /** The name scenarios and results use, e.g. {@code primary_key}. */
  @JsonValue
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<StepKind> find(String name) {
    return Arrays.stream(values()).filter(k -> k.yamlName().equals(name)).findFirst();
  }

  /** The step a stored result or a scenario names. */
  @JsonCreator
  public static StepKind named(String name) {
    return find(name)
        .orElseThrow(() -> new IllegalArgumentException("unknown step '" + name + "'"));
  }

  /** Every step's name, in this order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(StepKind::yamlName).toList();
  }

  @Override
  public String toString() {
    return yamlName();
  }
}
