package org.pgloadbench.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a run measures besides each step's figures ({@code measure:} in a scenario, {@code
 * INSTRUCTIONS=1} on the command line): wall time alone, or the instructions the server executed
 * for each step too, counted under valgrind.
 */
public enum Measure {
  TIME,
  /**
   * The server under valgrind: each step's instructions, exact to a few in a million, beside a wall
   * time many times longer than without. One round is enough, so it is the default rounds.
   */
  INSTRUCTIONS;

  /** The name scenarios use. */
  public String yamlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  static List<String> names() {
    return Arrays.stream(values()).map(Measure::yamlName).toList();
  }

  /**
   * Why {@code servers} cannot be counted, as an error's text, or null when they can: only a server
   * the harness starts itself runs under valgrind.
   */
  String unfit(ServersSpec servers) {
    if (this != INSTRUCTIONS) {
      return null;
    }
    return switch (servers.target()) {
      case ServersSpec.CONTAINER ->
          "instructions are counted on servers the harness starts itself; a container's runs"
              + " beyond valgrind's reach: use the embedded or a local target";
      case ServersSpec.URL ->
          "instructions are counted on servers the harness starts itself; a URL's server runs"
              + " beyond valgrind's reach: use the embedded or a local target";
      default -> null;
    };
  }
}
