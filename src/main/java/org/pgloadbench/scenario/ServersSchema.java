package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.pgloadbench.server.SettingsProfile;

/**
 * The {@code servers} and {@code settings} sections of {@link ScenarioSchema}: what holds for a
 * section as a whole; the servers' keys are {@link ServersSection#KEYS}.
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
    ObjectNode local = JSON.objectNode();
    local.set(
        "if",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("target")))
            .set(
                "properties",
                JSON.objectNode()
                    .set("target", JSON.objectNode().put("const", ServersSpec.LOCAL))));
    local.set(
        "then",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("builds")))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "versions",
                        refused(
                            "the local target runs the builds given on the command line, not"
                                + " versions; remove versions"))));
    local.set(
        "else",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("versions")))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "builds",
                        refused("is for the local target; add target: local or remove it"))));
    node.set("allOf", JSON.arrayNode().add(local));
    return node;
  }

  static ObjectNode settings() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "Server settings, written to each server's configuration; profile: names a settings"
            + " profile to start from. Only the settings a load benchmark tunes (memory, WAL,"
            + " checkpoints, vacuum, autovacuum, planner costs, parallel workers, I/O; the list is"
            + " scenario/AllowedSettings.java); any other needs "
            + AllowedSettings.TRUST_FLAG
            + " on the command line, and port, listen_addresses and the unix socket settings are"
            + " never taken.");
    ObjectNode properties = JSON.objectNode();
    properties.set(
        SettingsSection.PROFILE,
        enumOf(
            profiles(),
            "The settings profile of every cell (default defaults): bulk-load is the Crunchy Data"
                + " OpenStreetMap benchmark post's list, osm2pgsql the osm2pgsql manual's import"
                + " settings, each sized to the machine. To compare"
                + " profiles, list them as the matrix's settings axis instead."));
    for (String name : new TreeSet<>(AllowedSettings.wired())) {
      properties.set(
          name,
          refused(
              "the harness sets it itself, to reach its own server and keep others out; remove"
                  + " it"));
    }
    for (String name : AllowedSettings.names()) {
      ObjectNode value = JSON.objectNode();
      value.set("type", strings(List.of("string", "number", "boolean")));
      // a line break would start another line of postgresql.conf
      value.put("pattern", "^[^\\x00-\\x1f\\x7f-\\x9f]*$");
      value.put(
          "description",
          "PostgreSQL's " + name + " (" + AllowedSettings.group(name) + "), on one line.");
      properties.set(name, value);
    }
    node.set("properties", properties);
    node.set(
        "additionalProperties",
        refused(
            "not among the settings a scenario may set by itself (memory, WAL, checkpoints,"
                + " vacuum, autovacuum, planner costs, parallel workers, I/O); remove it, or run"
                + " with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file"));
    return node;
  }

  static List<String> profiles() {
    List<String> names = new ArrayList<>();
    for (SettingsProfile p : SettingsProfile.values()) {
      names.add(p.profileName());
    }
    return names;
  }
}
