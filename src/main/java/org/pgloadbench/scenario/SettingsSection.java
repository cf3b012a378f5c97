package org.pgloadbench.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.pgloadbench.scenario.YamlNode.Kind;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.scenario.YamlNode.Scalar;
import org.pgloadbench.server.SettingsProfile;

/**
 * The {@code settings} section: server settings by name (those of {@link AllowedSettings} unless
 * the scenario is trusted), and a settings profile to start from.
 */
final class SettingsSection {
  private static final Pattern SETTING = Pattern.compile("[a-z][a-z0-9_.]*");
  static final String PROFILE = "profile";

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
      throw node.error(
          "the matrix lists settings profiles too; remove settings.profile, or the settings axis");
    }
    return Map.of(Axis.SETTINGS.name(), profile);
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
        throw m.at(
            line,
            "settings."
                + name
                + ": the harness sets it itself, to reach its own server and keep others out;"
                + " remove it");
      }
      if (!trusted && !AllowedSettings.allowed(name)) {
        throw m.at(
            line,
            "settings."
                + name
                + ": not among the settings a scenario may set by itself (memory, WAL,"
                + " checkpoints, vacuum, autovacuum, planner costs, parallel workers, I/O)"
                + YamlNode.didYouMean(name, AllowedSettings.names())
                + "; remove it, or run with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file");
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
}
