package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.pgloadbench.scenario.YamlNode.Kind;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.scenario.YamlNode.Scalar;
import org.pgloadbench.variant.SettingsProfile;

/**
 * The {@code settings} section: server settings by name (those of {@link AllowedSettings} unless
 * the scenario is trusted), and a settings profile to start from.
 */
final class SettingsSection {
  private static final Pattern SETTING = Pattern.compile("[a-z][a-z0-9_.]*");
  static final String PROFILE = "profile";
  static final String PROFILE_TWICE =
      "the matrix lists settings profiles too; remove settings.profile, or the settings axis";
  private static final String WIRED =
      "the harness sets it itself, to reach its own server and keep others out; remove it";
  private static final String NOT_ALLOWED =
      "not among the settings a scenario may set by itself (memory, WAL, checkpoints, vacuum,"
          + " autovacuum, planner costs, parallel workers, I/O)";

  private static final String TRUST_IT = "; remove it, or " + AllowedSettings.TRUSTED;

  private SettingsSection() {}

  /**
   * {@code settings.profile}, as the value of the settings axis for every cell that does not set
   * one; empty when not given.
   */
  static Map<String, String> profile(Mapping root) throws ScenarioException {
    if (!(root.optional("settings") instanceof Mapping settings)
        || settings.optional(PROFILE) == null) {
      return Map.of();
    }
    YamlNode node = settings.optional(PROFILE);
    String profile = Matrix.value(Axis.SETTINGS, node);
    if (root.optional("matrix") instanceof Mapping matrix
        && matrix.values().containsKey(Axis.SETTINGS.name())) {
      throw node.error(PROFILE_TWICE);
    }
    return Map.of(Axis.SETTINGS.name(), profile);
  }

  /** The same rule in the schema: no settings.profile beside a matrix with a settings axis. */
  static ObjectNode profileTwice() {
    String matrix = ScenarioKeys.MATRIX.name();
    return when(
        given(matrix, requiring(Axis.SETTINGS.name())),
        property(ScenarioKeys.SETTINGS.name(), property(PROFILE, refused(PROFILE_TWICE))));
  }

  static Map<String, String> settings(YamlNode node, boolean trusted) throws ScenarioException {
    Map<String, String> settings = new LinkedHashMap<>();
    if (node == null) {
      return settings;
    }
    String hint =
        "map setting names to values, e.g. settings: {maintenance_work_mem: 1GB}, and name a"
            + " profile with profile: "
            + SettingsProfile.BULK_LOAD.profileName()
            + " if you like";
    Mapping m = node.asMapping(hint);
    for (var e : m.values().entrySet()) {
      String name = e.getKey();
      if (name.equals(PROFILE)) {
        continue; // see profile()
      }
      int line = m.keyLines().get(name);
      if (!SETTING.matcher(name).matches()) {
        throw m.at(
            line,
            "settings: '"
                + name
                + "' is not a PostgreSQL setting name; use lower-case"
                + " letters, digits, '_' and '.', e.g. maintenance_work_mem");
      }
      if (AllowedSettings.wired(name)) {
        throw m.at(line, "settings." + name + ": " + WIRED);
      }
      if (!trusted && !AllowedSettings.allowed(name)) {
        String closest = YamlNode.didYouMean(name, AllowedSettings.names());
        throw m.at(line, "settings." + name + ": " + NOT_ALLOWED + closest + TRUST_IT);
      }
      String value = e.getValue().asText(hint);
      if (value.codePoints().anyMatch(Character::isISOControl)) {
        throw e.getValue()
            .error("the value holds a control character (a line break, say); write it on one line");
      }
      boolean bool = e.getValue() instanceof Scalar s && s.kind() == Kind.BOOLEAN;
      settings.put(e.getKey(), bool ? (value.equals("true") ? "on" : "off") : value);
    }
    return settings;
  }

  static ObjectNode schema() {
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
        PROFILE,
        enumOf(
            Axis.SETTINGS.accepts().values(),
            "The settings profile of every cell (default defaults): bulk-load is the Crunchy Data"
                + " OpenStreetMap benchmark post's list, osm2pgsql the osm2pgsql manual's import"
                + " settings, each sized to the machine. To compare"
                + " profiles, list them as the matrix's settings axis instead."));
    new TreeSet<>(AllowedSettings.wired()).forEach(name -> properties.set(name, refused(WIRED)));
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
        refused(NOT_ALLOWED + TRUST_IT));
    return node;
  }
}
