package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.pgloadbench.variant.YamlName;

/**
 * What a run measures besides each step's figures ({@code measure:} in a scenario, {@code
 * INSTRUCTIONS=1} on the command line): wall time alone, or the instructions the server executed
 * for each step too, counted under valgrind.
 */
public enum Measure implements YamlName {
  TIME,
  /**
   * The server under valgrind: each step's instructions, exact to a few in a million, beside a wall
   * time many times longer than without. One round is enough, so it is the default rounds.
   */
  INSTRUCTIONS;

  static List<String> names() {
    return YamlName.names(values());
  }

  private static final String COUNTED =
      "instructions are counted on servers the harness starts itself";
  private static final String INSTEAD = "use the embedded or a local target";

  /**
   * Why {@code servers} cannot be counted, as an error's text, or null when they can: only a server
   * the harness starts itself runs under valgrind.
   */
  String unfit(ServersSpec servers) {
    if (this != INSTRUCTIONS) {
      return null;
    }
    String whose =
        switch (servers.target()) {
          case ServersSpec.CONTAINER -> "a container's";
          case ServersSpec.URL -> "a URL's server";
          default -> null;
        };
    return whose == null
        ? null
        : COUNTED + "; " + whose + " runs beyond valgrind's reach: " + INSTEAD;
  }

  /** The same rule in the schema: no instructions where the target is a container or a URL. */
  static ObjectNode schema() {
    ObjectNode uncountable = type("string").put("pattern", "^(container$|postgres(ql)?://)");
    ObjectNode notInstructions =
        JSON.objectNode()
            .<ObjectNode>set("not", JSON.objectNode().put("const", INSTRUCTIONS.yamlName()))
            .put("errorMessage", COUNTED + ": " + INSTEAD);
    String servers = ScenarioKeys.SERVERS.name();
    String measure = ScenarioKeys.MEASURE.name();
    return when(
        requiring(servers, measure)
            .setAll(property(servers, given(ServersSection.TARGET.name(), uncountable))),
        property(measure, notInstructions));
  }
}
