package org.pgloadbench.variant;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An enum whose constants a scenario writes as their names in lower case ({@code async}, {@code
 * bucket}): that name, the lookup by it and the list of them, stated once for every such enum.
 */
public interface YamlName {
  /** The constant's name, as every enum has it. */
  String name();

  /** The name a scenario writes: the constant's in lower case. */
  default String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The constant of {@code values} a scenario's name stands for, if any. */
  static <T extends YamlName> Optional<T> find(T[] values, String yamlName) {
    return Arrays.stream(values).filter(v -> v.yamlName().equals(yamlName)).findFirst();
  }

  /** The names a scenario may write, in the order declared. */
  static List<String> names(YamlName[] values) {
    return Arrays.stream(values).map(YamlName::yamlName).toList();
  }
}
