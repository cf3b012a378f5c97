package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.when;
import static org.pgloadbench.scenario.ServersSpec.CONTAINER;
import static org.pgloadbench.scenario.ServersSpec.EMBEDDED;
import static org.pgloadbench.scenario.ServersSpec.LOCAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * A key of {@code servers} that only some targets take, stated once for the loader and the
 * schema's if/then: given on another target, both refuse it with {@code refusal}. On its targets
 * the schema requires it when {@code required}; the loader requires versions there, but leaves a
 * local target's builds to BUILDS= on the command line, which the schema cannot see.
 */
record TargetRule(Key<?> key, List<String> targets, boolean required, String refusal) {
  static final TargetRule IMAGE = only(ServersSection.IMAGE, CONTAINER, false);
  static final TargetRule BUILDS = only(ServersSection.BUILDS, LOCAL, true);
  static final TargetRule VERSIONS =
      new TargetRule(
          ServersSection.VERSIONS,
          List.of(EMBEDDED, CONTAINER),
          true,
          "the local target runs the builds given on the command line, not versions; remove"
              + " versions");

  /**
   * The rules of the schema's if/then, on the local target or the others; none of the image's,
   * which the schema refuses on every target (a scenario may not choose it).
   */
  static final List<TargetRule> SCHEMA_RULES = List.of(VERSIONS, BUILDS);

  private static TargetRule only(Key<?> key, String target, boolean required) {
    String refusal = "is for the " + target + " target; add target: " + target + " or remove it";
    return new TargetRule(key, List.of(target), required, refusal);
  }

  /** Refuses the key given on a target that does not take it. */
  void refuseOff(Mapping m, String target) throws ScenarioException {
    YamlNode node = key.node(m);
    if (node != null && !targets.contains(target)) {
      throw node.error(refusal);
    }
  }

  /**
   * Requires the key on a target that takes it, if it is required: for versions only, since a local
   * target's builds may come from BUILDS= alone (the schema's {@code required} is stricter).
   */
  void requireOn(Mapping m, String target) throws ScenarioException {
    if (required && targets.contains(target)) {
      m.required(key.name(), key.hint());
    }
  }

  /** The schema's if/then: what {@link #SCHEMA_RULES} say on the local target, else the others. */
  static ObjectNode schema() {
    ObjectNode rules =
        when(
            given(ServersSection.TARGET.name(), JSON.objectNode().put("const", LOCAL)),
            onTarget(true));
    return rules.set("else", onTarget(false));
  }

  private static ObjectNode onTarget(boolean local) {
    ObjectNode node =
        requiring(
            SCHEMA_RULES.stream()
                .filter(r -> r.required && r.targets.contains(LOCAL) == local)
                .map(r -> r.key.name())
                .toArray(String[]::new));
    ObjectNode refusedKeys = node.putObject("properties");
    for (TargetRule rule : SCHEMA_RULES) {
      if (rule.targets.contains(LOCAL) != local) {
        refusedKeys.set(rule.key.name(), refused(rule.refusal));
      }
    }
    return node;
  }
}
