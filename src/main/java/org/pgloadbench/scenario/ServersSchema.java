package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;
import static org.pgloadbench.scenario.ServersSection.BUILDS;
import static org.pgloadbench.scenario.ServersSection.TARGET;
import static org.pgloadbench.scenario.ServersSection.VERSIONS;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code servers} section of {@link ScenarioSchema} as a whole, its keys being {@link
 * ServersSection#KEYS}: which of them a target needs or refuses.
 */
final class ServersSchema {
  private ServersSchema() {}

  static ObjectNode servers() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "The PostgreSQL servers: versions for the embedded (default) or container target, or the"
            + " labels of local builds. A scenario chooses no program, image or server: give"
            + " TARGET=local:<bin dir>, BUILDS=head=<bin dir>,..., IMAGE= or a URL target on the"
            + " command line, or run with "
            + AllowedSettings.TRUST_FLAG
            + " if you trust this file.");
    node.set("properties", ServersSection.KEYS.properties());
    node.put("additionalProperties", false);
    ObjectNode local =
        when(
            given(TARGET.name(), JSON.objectNode().put("const", ServersSpec.LOCAL)),
            requiring(BUILDS.name())
                .setAll(property(VERSIONS.name(), refused(ServersSection.LOCAL_RUNS_BUILDS))));
    local.set(
        "else",
        requiring(VERSIONS.name())
            .setAll(property(BUILDS.name(), refused(ServersSection.BUILDS_ARE_LOCAL))));
    node.set("allOf", JSON.arrayNode().add(local));
    return node;
  }
}
