package org.pgloadbench.scenario;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The PostgreSQL servers to run on.
 *
 * @param target where the servers come from; only {@code embedded} for now
 * @param versions PostgreSQL versions as written, e.g. {@code 17} or {@code 16.4}
 */
public record ServersSpec(String target, List<String> versions) {
  public static final String EMBEDDED = "embedded";

  static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+){0,2}");

  public ServersSpec {
    versions = List.copyOf(versions);
  }
}
