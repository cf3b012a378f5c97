package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.versionLike;
import static org.pgloadbench.scenario.SchemaNodes.when;
import static org.pgloadbench.scenario.Steps.stepName;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The {@code claims} section, declared once for {@link ClaimsReader} and {@link ScenarioSchema}: a
 * claim's keys and a side's, then what holds for a claim as a whole.
 */
final class ClaimsSchema {
  private ClaimsSchema() {}

  /** The key of a source's own repetitions, each side's runs ({@link PublishedFigures#spread}). */
  static final String SEED_RUNS = "seed_runs";

  static final Key<String> CLAIM =
      Key.text("claim", "The finding, in words.").required("say the finding in words");
  static final Key<String> SOURCE =
      Key.text(
              "source",
              "Where it was published; quote it when it holds '#', which starts a YAML comment.")
          .required("say where it was published, e.g. source: osm2pgsql issue #2110");
  static final Key<PublishedFigures.Seed> SEED =
      Key.of(
              "seed",
              "The published figures, this side's then the other's, of one kind: [40 min, 57 min]"
                  + " (units: "
                  + String.join(", ", PublishedFigures.units())
                  + ").",
              PublishedFigures::seedSchema)
          .hint(PublishedFigures.SEED_HINT)
          .reading(PublishedFigures::seed);
  static final Key<YamlNode> RUNS =
      Key.of(
          SEED_RUNS,
          "The source's own repetitions, when it lists them: this side's runs, then the other's, of"
              + " the seed's kind ([[2.92 s, 2.89 s, ...], [2.84 s, 2.78 s, ...]]); their spread is"
              + " the published ratio's uncertainty in the size verdict (else ±"
              + Math.round(Claim.SINGLE_RUN_TOLERANCE * 100)
              + "%, a single run's).",
          PublishedFigures::runsSchema);
  static final Key<String> MEASURE =
      Key.of(
              "measure",
              () ->
                  enumOf(
                      Claim.MEASURES,
                      "What is compared, summed per repetition over the side's steps and tables"
                          + " (default seconds)."))
          .reading(node -> ClaimsReader.oneOf(node, Claim.MEASURES, "measure"));
  static final Key<YamlNode> STEP =
      Key.of("step", "The steps of both sides, unless a side says.", ClaimsSchema::stepsOfASide);
  static final Key<YamlNode> TABLE =
      Key.of("table", "The tables of both sides (default: all).", ClaimsSchema::tablesOfASide);
  static final Key<YamlNode> VERSION =
      Key.of(
          "version",
          "The version (or build label) of both sides, unless a side says.",
          ClaimsSchema::version);
  static final Key<Double> FACTOR =
      Key.of(
              "factor",
              "less: A < factor x B; more: A > factor x B (default 1).",
              () -> type("number").put("exclusiveMinimum", 0))
          .hint("write a number > 0, e.g. factor: 0.1")
          .reading(
              node ->
                  node.as(
                      "write a number > 0, e.g. factor: 0.1",
                      Keys::positive,
                      text -> "'" + text + "' is not a number > 0; e.g. factor: 0.1"));
  private static final String NEEDS_HINT =
      "say what a verdict needs, e.g. PostGIS on both versions";
  static final Key<String> NEEDS =
      Key.of(
              "needs",
              "What a run needs for a verdict, said where a side was not measured: e.g. PostGIS"
                  + " on both versions.",
              () -> type("string"))
          .hint(NEEDS_HINT)
          .reading(node -> node.asText(NEEDS_HINT));
  static final Key<YamlNode> LESS =
      Key.of("less", () -> side("The side claimed lower than than's, e.g. {cell: binary}."));
  static final Key<YamlNode> MORE =
      Key.of("more", () -> side("The side claimed higher than than's."));
  static final Key<YamlNode> THAN =
      Key.of("than", () -> side("The side compared with."))
          .required("give the side compared with, e.g. than: {cell: text}");

  private static final String NEITHER =
      " a version, or neither (then the claim is checked on every version)";

  static final Keys KEYS =
      Keys.of(
          CLAIM, SOURCE, SEED, RUNS, MEASURE, STEP, TABLE, VERSION, FACTOR, NEEDS, LESS, MORE,
          THAN);

  static final Key<YamlNode> CELL =
      Key.of("cell", "A cell's label or name.", () -> type("string"))
          .required("name a cell by its label");

  /** The keys of a side: what it does not say (step, table, version) it takes from the claim. */
  static final Keys SIDE =
      Keys.of(
          CELL,
          Key.of(STEP.name(), ClaimsSchema::stepsOfASide),
          Key.of(TABLE.name(), ClaimsSchema::tablesOfASide),
          Key.of(VERSION.name(), ClaimsSchema::version));

  /**
   * A rule between a claim's keys, stated once: the schema's {@code keyword} of a claim, and the
   * loader's error for a claim that breaks it (null when it holds), checked before its sides are
   * read.
   */
  record Rule(
      String keyword, Supplier<ArrayNode> schema, Function<Mapping, ScenarioException> broken) {}

  static final List<Rule> RULES =
      List.of(
          new Rule(
              "oneOf",
              () -> JSON.arrayNode().add(requiring(LESS.name())).add(requiring(MORE.name())),
              m ->
                  (LESS.node(m) == null) != (MORE.node(m) == null)
                      ? null
                      : m.error(
                          (LESS.node(m) == null ? "missing" : "both")
                              + " 'less' and 'more': give one, the side claimed lower (less) or"
                              + " higher (more) than the side in 'than'")),
          // the steps compared: the claim's, or each side's own
          new Rule(
              "anyOf",
              () ->
                  JSON.arrayNode()
                      .add(requiring(STEP.name()))
                      .add(everySide(requiring(STEP.name()))),
              m ->
                  STEP.node(m) != null
                      ? null
                      : sides(m)
                          .filter(side -> STEP.node(side) == null)
                          .findFirst()
                          .map(
                              side ->
                                  side.error(
                                      "say which steps to compare: step: copy, or a list summed"
                                          + " per repetition, on the side or the claim"))
                          .orElse(null)),
          // without the claim's version, both sides name one or neither
          new Rule(
              "allOf",
              () ->
                  JSON.arrayNode()
                      .add(
                          when(
                              notRequired(VERSION.name()),
                              anyOf(
                                      everySide(requiring(VERSION.name())),
                                      everySide(notRequired(VERSION.name())))
                                  .put("errorMessage", "give both sides" + NEITHER))),
              m ->
                  VERSION.node(m) != null
                          || sides(m).map(s -> VERSION.node(s) == null).distinct().count() < 2
                      ? null
                      : m.error("one side names a version, the other not; give both" + NEITHER)));

  static ObjectNode claims() {
    ObjectNode claim = KEYS.object();
    RULES.forEach(rule -> claim.set(rule.keyword(), rule.schema().get()));
    return type("array").set("items", claim);
  }

  /** The sides a claim gives, each a mapping (what is not one, reading the side refuses). */
  static Stream<Mapping> sides(Mapping claim) {
    return Stream.of(LESS, MORE, THAN)
        .map(side -> side.node(claim))
        .filter(Mapping.class::isInstance)
        .map(Mapping.class::cast);
  }

  /** A claim whose every side is as {@code side} says. */
  private static ObjectNode everySide(ObjectNode side) {
    ObjectNode sides = JSON.objectNode();
    for (String name : List.of(LESS.name(), MORE.name(), THAN.name())) {
      sides.set(name, side.deepCopy());
    }
    return JSON.objectNode().set("properties", sides);
  }

  static ObjectNode side(String description) {
    return SIDE.object().put("description", description);
  }

  static ObjectNode stepsOfASide() {
    return oneOrList(stepName());
  }

  static ObjectNode tablesOfASide() {
    return oneOrList(type("string"));
  }

  private static ObjectNode oneOrList(ObjectNode item) {
    return anyOf(item, list(item.deepCopy()));
  }

  /** A claim's version: a version, or the label of a build (which every version also matches). */
  static ObjectNode version() {
    return versionLike(ServersSpec.LABEL);
  }
}
