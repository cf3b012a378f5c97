package org.pgloadbench.results;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * A figure of {@link Measurements} found by the name results and claims write it ({@code
 * wal_bytes}): the record's components are the list of figures, so a figure added there is found
 * here without a line of its own.
 */
public final class Figures {
  private Figures() {}

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
    return camel.replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
  }
}
