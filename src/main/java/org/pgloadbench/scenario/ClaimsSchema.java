package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.ScenarioSchema.stepName;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.described;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.pattern;
import static org.pgloadbench.scenario.SchemaNodes.properties;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The {@code claims} section of {@link ScenarioSchema}: a claim, its sides and its figures. */
final class ClaimsSchema {
  private ClaimsSchema() {}

  static ObjectNode claims() {
    ObjectNode claim = type("object");
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put("claim", described(type("string"), "The finding, in words."));
    keys.put(
        "source",
        described(
            type("string"),
            "Where it was published; quote it when it holds '#', which starts a YAML comment."));
    Set<String> units = new TreeSet<>(ClaimsReader.SECONDS.keySet());
    units.addAll(ClaimsReader.BYTES.keySet());
    // both figures of one kind: two times, two sizes, or two bare numbers
    ArrayNode kinds = JSON.arrayNode();
    for (Set<String> kind :
        List.<Set<String>>of(
            new TreeSet<>(ClaimsReader.SECONDS.keySet()),
            new TreeSet<>(ClaimsReader.BYTES.keySet()))) {
      kinds.add(figures(figure("\\s*(" + String.join("|", kind) + ")")));
    }
    ObjectNode bare = JSON.objectNode();
    bare.set("anyOf", JSON.arrayNode().add(type("number").put("minimum", 0)).add(figure("")));
    kinds.add(figures(bare));
    ObjectNode seed = JSON.objectNode();
    seed.set("anyOf", kinds);
    seed.put(
        "description",
        "The published figures, this side's then the other's, of one kind: [40 min, 57 min]"
            + " (units: "
            + String.join(", ", units)
            + ").");
    keys.put("seed", seed);
    ObjectNode run = JSON.objectNode();
    run.set(
        "anyOf",
        JSON.arrayNode()
            .add(type("number").put("minimum", 0))
            .add(figure("\\s*(" + String.join("|", units) + ")?")));
    ObjectNode runsOfASide = type("array");
    runsOfASide.set("items", run);
    runsOfASide.put("minItems", 2);
    ObjectNode runs = type("array");
    runs.set("items", runsOfASide);
    runs.put("minItems", 2);
    runs.put("maxItems", 2);
    runs.put(
        "description",
        "The source's own repetitions, when it lists them: this side's runs, then the other's, of"
            + " the seed's kind ([[2.92 s, 2.89 s, ...], [2.84 s, 2.78 s, ...]]); their spread is"
            + " the published ratio's uncertainty in the size verdict (else ±"
            + Math.round(Claim.SINGLE_RUN_TOLERANCE * 100)
            + "%, a single run's).");
    keys.put(ClaimsReader.SEED_RUNS, runs);
    keys.put(
        "measure",
        enumOf(
            Claim.MEASURES,
            "What is compared, summed per repetition over the side's steps and tables (default"
                + " seconds)."));
    keys.put("step", described(stepsOfASide(), "The steps of both sides, unless a side says."));
    keys.put("table", described(tablesOfASide(), "The tables of both sides (default: all)."));
    keys.put(
        "version",
        described(version(), "The version (or build label) of both sides, unless a side says."));
    keys.put(
        "factor",
        described(
            type("number").put("exclusiveMinimum", 0),
            "less: A < factor x B; more: A > factor x B (default 1)."));
    keys.put(
        "needs",
        described(
            type("string"),
            "What a run needs for a verdict, said where a side was not measured: e.g. PostGIS on"
                + " both versions."));
    keys.put("less", side("The side claimed lower than than's, e.g. {cell: binary}."));
    keys.put("more", side("The side claimed higher than than's."));
    keys.put("than", side("The side compared with."));
    claim.set("properties", properties(keys, ClaimsReader.KEYS, "a claim"));
    claim.put("additionalProperties", false);
    claim.set("required", strings(List.of("claim", "source", "than")));
    claim.set(
        "oneOf",
        JSON.arrayNode()
            .add(JSON.objectNode().set("required", strings(List.of("less"))))
            .add(JSON.objectNode().set("required", strings(List.of("more")))));
    // the steps compared: the claim's, or each side's own
    ObjectNode stepOnEachSide = JSON.objectNode();
    ObjectNode sides = JSON.objectNode();
    for (String side : List.of("less", "more", "than")) {
      sides.set(side, JSON.objectNode().set("required", strings(List.of("step"))));
    }
    stepOnEachSide.set("properties", sides);
    claim.set(
        "anyOf",
        JSON.arrayNode()
            .add(JSON.objectNode().set("required", strings(List.of("step"))))
            .add(stepOnEachSide));
    // without the claim's version, both sides name one or neither
    ObjectNode everySide = JSON.objectNode();
    ObjectNode noSide = JSON.objectNode();
    for (String side : List.of("less", "more", "than")) {
      everySide.set(side, JSON.objectNode().set("required", strings(List.of("version"))));
      noSide.set(side, notRequired("version"));
    }
    claim.set(
        "allOf",
        JSON.arrayNode()
            .add(
                when(
                    notRequired("version"),
                    JSON.objectNode()
                        .<ObjectNode>set(
                            "anyOf",
                            JSON.arrayNode()
                                .add(JSON.objectNode().set("properties", everySide))
                                .add(JSON.objectNode().set("properties", noSide)))
                        .put(
                            "errorMessage",
                            "give both sides a version, or neither (then the claim is checked on"
                                + " every version)"))));
    ObjectNode node = type("array");
    node.set("items", claim);
    node.put(
        "description",
        "Published findings this scenario checks, each one side against another on one measure;"
            + " the report gives each a verdict by the Mann-Whitney test.");
    return node;
  }

  /** A published figure: a number, then {@code unit}, a pattern. */
  static ObjectNode figure(String unit) {
    return type("string").put("pattern", "^\\s*[0-9]+(\\.[0-9]+)?" + unit + "\\s*$");
  }

  static ObjectNode figures(ObjectNode figure) {
    ObjectNode two = type("array");
    two.set("items", figure);
    two.put("minItems", 2);
    two.put("maxItems", 2);
    return two;
  }

  static ObjectNode side(String description) {
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put("cell", described(type("string"), "A cell's label or name."));
    keys.put("step", stepsOfASide());
    keys.put("table", tablesOfASide());
    keys.put("version", version());
    ObjectNode node = type("object");
    node.set("properties", properties(keys, ClaimsReader.SIDE_KEYS, "a claim's side"));
    node.put("additionalProperties", false);
    node.set("required", strings(List.of("cell")));
    node.put("description", description);
    return node;
  }

  static ObjectNode stepsOfASide() {
    ObjectNode node = JSON.objectNode();
    node.set("anyOf", JSON.arrayNode().add(stepName()).add(list(stepName())));
    return node;
  }

  static ObjectNode tablesOfASide() {
    ObjectNode node = JSON.objectNode();
    node.set("anyOf", JSON.arrayNode().add(type("string")).add(list(type("string"))));
    return node;
  }

  /** A claim's version: a version, or the label of a build (which every version also matches). */
  static ObjectNode version() {
    ObjectNode node = pattern(ServersSpec.LABEL);
    node.set("type", strings(List.of("string", "number")));
    return node;
  }
}
