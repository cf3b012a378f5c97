package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.AxesSchema.value;
import static org.pgloadbench.scenario.CellsSchema.cells;
import static org.pgloadbench.scenario.CellsSchema.exclude;
import static org.pgloadbench.scenario.CellsSchema.matrix;
import static org.pgloadbench.scenario.ClaimsSchema.claims;
import static org.pgloadbench.scenario.DatasetSchema.dataset;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.consts;
import static org.pgloadbench.scenario.SchemaNodes.contains;
import static org.pgloadbench.scenario.SchemaNodes.described;
import static org.pgloadbench.scenario.SchemaNodes.known;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.pattern;
import static org.pgloadbench.scenario.SchemaNodes.properties;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.whole;
import static org.pgloadbench.scenario.ServersSchema.servers;
import static org.pgloadbench.scenario.ServersSchema.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;

/**
 * The JSON Schema (draft-07) of a scenario file, for editors: completion, hover text and inline
 * errors through yaml-language-server (VS Code, vim, Emacs) or IntelliJ. It is built from the
 * loader's own lists (its keys, dataset kinds, axes and the values each takes, steps, measures,
 * allowed settings, name patterns) so that the two cannot drift; a key the loader reads that the
 * schema does not describe stops the build of the schema. It judges a file as a shared scenario is
 * judged: what only {@value AllowedSettings#TRUST_FLAG} unlocks (a setting off the allow list, a
 * bin dir, an image, a URL) is an error there, since JSON Schema has no warnings and an editor
 * serves the common case, a file meant to be shared, best by flagging it; the hover text names the
 * flag. What it cannot see, a name that must match another part of the file (a claim's cell) or a
 * combination no cell can run, the loader still reports with its line.
 */
public final class ScenarioSchema {
  /**
   * Where the schema is kept, for editors, relative to the project (and the scenarios' modeline).
   */
  public static final String FILE = "scenarios/schema/scenario.schema.json";

  /** The modeline every shipped scenario starts with, relative to scenarios/. */
  public static final String MODELINE =
      "# yaml-language-server: $schema=schema/scenario.schema.json";

  private static final Map<StepKind, String> STEPS =
      Map.ofEntries(
          Map.entry(
              StepKind.CREATE,
              "CREATE TABLE (UNLOGGED in an unlogged cell), with the primary key unless pk: later"),
          Map.entry(
              StepKind.COPY,
              "loads the rows with the cell's loader (COPY by default); the row count is checked"),
          Map.entry(StepKind.PRIMARY_KEY, "ALTER TABLE ... ADD PRIMARY KEY, in pk: later cells"),
          Map.entry(StepKind.VACUUM, "VACUUM of the table"),
          Map.entry(StepKind.ANALYZE, "ANALYZE of the table"),
          Map.entry(StepKind.SET_LOGGED, "ALTER TABLE ... SET LOGGED, in unlogged cells"),
          Map.entry(
              StepKind.INDEXES,
              "builds the secondary indexes after the load, each timed with its size"),
          Map.entry(
              StepKind.CHECKPOINT, "CHECKPOINT, so that every strategy pays for writing its pages"),
          Map.entry(StepKind.DROP, "DROP TABLE IF EXISTS, before create, as pgbench -i times it"),
          Map.entry(StepKind.VACUUM_ANALYZE, "VACUUM ANALYZE of the table, as pgbench -i runs it"),
          Map.entry(
              StepKind.VACUUM_FREEZE,
              "VACUUM (FREEZE) of the table: every page frozen now rather than by a later vacuum"));

  private ScenarioSchema() {}

  /** The schema as {@code pgloadbench schema} prints it and {@link #FILE} holds it. */
  public static String json() {
    // laid out as editors and JSON.stringify(schema, null, 2) do
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter(
                Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(indenter)
            .withArrayIndenter(indenter);
    try {
      return new ObjectMapper().writer(printer).writeValueAsString(schema()) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ObjectNode schema() {
    ObjectNode root = JSON.objectNode();
    root.put("$schema", "http://json-schema.org/draft-07/schema#");
    root.put("title", "pgloadbench scenario");
    root.put(
        "description",
        "A pgloadbench scenario: what to load, on which PostgreSQL versions, the cells to compare"
            + " and the published claims they check (docs/scenarios.md). Generated by"
            + " `pgloadbench schema`; judged as a shared scenario, so what only "
            + AllowedSettings.TRUST_FLAG
            + " unlocks is flagged.");
    root.put("type", "object");
    root.set("required", strings(List.of("name", "dataset", "servers", "steps")));
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put(
        "name",
        pattern(ScenarioLoader.NAME)
            .put(
                "description",
                "The scenario's name, used for results/<name>/ and reports/<name>/: lower-case"
                    + " letters, digits, '.', '_' and '-'."));
    keys.put(
        "description",
        described(
            type("string"),
            "What the scenario reproduces, and the published figures it is compared with."));
    keys.put("dataset", dataset());
    keys.put("servers", servers());
    keys.put("settings", settings());
    ObjectNode repeat = JSON.objectNode();
    repeat.set(
        "anyOf",
        JSON.arrayNode()
            .add(whole(1, Integer.MAX_VALUE))
            .add(JSON.objectNode().put("const", "auto")));
    keys.put(
        "repeat",
        described(
            repeat,
            "Measured rounds, each every cell on every server once (default 1); a paired verdict"
                + " needs 6 or more. auto: the fewest rounds a verdict needs, then more until"
                + " every comparison with the baseline and every claim has a verdict or is known"
                + " within precision, or the budget is spent."));
    keys.put(
        "warmup",
        described(
            whole(0, Integer.MAX_VALUE),
            "Unmeasured loads per server before the first measured one (default 1)."));
    keys.put(
        "baseline",
        described(
            pattern(NamedCells.NAME),
            "The cell the answer compares every other with (what you do today); default: the"
                + " cell with every axis at its default, else the first."));
    ObjectNode precision = JSON.objectNode();
    precision.set(
        "anyOf",
        JSON.arrayNode()
            .add(type("number").put("exclusiveMinimum", 0).put("maximum", 0.5))
            .add(type("string").put("pattern", "^\\s*[0-9]+(\\.[0-9]+)?\\s*%\\s*$")));
    keys.put(
        "precision",
        described(
            precision,
            "With repeat: auto and in a recommend race: a comparison whose ratio's 95% interval"
                + " lies within ± this of the ratio is known well enough (default 5%)."));
    keys.put(
        "budget",
        described(
            type("string").put("pattern", "^\\s*" + Stopping.DURATION.pattern() + "\\s*$"),
            "With repeat: auto and in a recommend race: the time the rounds may take per server"
                + " (default 10m; 90s, 1h)."));
    ObjectNode scales = type("array");
    scales.set("items", type("number").put("exclusiveMinimum", 0));
    scales.put("minItems", 2);
    scales.put("uniqueItems", true);
    keys.put(
        "scales",
        described(
            scales,
            "The row-count multipliers make scaling runs the scenario at (SCALES= overrides),"
                + " e.g. [0.25, 1, 4]."));
    keys.put("matrix", matrix());
    keys.put("exclude", exclude());
    keys.put("cells", cells());
    keys.put("steps", steps());
    keys.put("claims", claims());
    keys.put(
        "control",
        described(
            type("boolean"),
            "Whether a run comparing servers adds a control, a second instance of its base server"
                + " with the same binaries and settings, to show what the machine's drift alone"
                + " makes of two identical servers (default true)."));
    root.set("properties", properties(keys, ScenarioLoader.KEYS, "the scenario"));
    root.put("additionalProperties", false);
    // settings.profile names the profile of every cell; a settings axis names each cell's
    ObjectNode profileTwice = JSON.objectNode();
    profileTwice.set(
        "if",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("matrix")))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "matrix",
                        JSON.objectNode()
                            .set("required", strings(List.of(Axis.SETTINGS.name()))))));
    profileTwice.set(
        "then",
        JSON.objectNode()
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "settings",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        SettingsSection.PROFILE,
                                        refused(
                                            "the matrix lists settings profiles too; remove"
                                                + " settings.profile, or the settings axis"))))));
    ArrayNode rules = JSON.arrayNode().add(profileTwice);
    // the steps that complete an axis (Matrix.requireSteps), as far as the matrix alone tells
    rules.add(
        matrixNeedsStep(
            JSON.objectNode()
                .<ObjectNode>set("required", strings(List.of(Axis.UNLOGGED.name())))
                .set(
                    "properties",
                    JSON.objectNode()
                        .set(Axis.UNLOGGED.name(), contains(value(Axis.UNLOGGED, "true")))),
            StepKind.SET_LOGGED,
            "an unlogged cell needs the set_logged step, which alone makes its table durable"));
    ObjectNode indexesLater =
        JSON.objectNode()
            .set(
                "properties",
                JSON.objectNode().set(Axis.INDEXES.name(), contains(value(Axis.INDEXES, "later"))));
    rules.add(
        matrixNeedsStep(
            JSON.objectNode()
                .<ObjectNode>set("required", strings(List.of(Axis.INDEXES.name())))
                .setAll(indexesLater),
            StepKind.INDEXES,
            "a cell building its indexes after the load needs the indexes step"));
    rules.add(
        matrixNeedsStep(
            JSON.objectNode()
                .<ObjectNode>set("required", strings(List.of(Axis.WAYS_INDEX.name())))
                .set(
                    "anyOf",
                    JSON.arrayNode().add(notRequired(Axis.INDEXES.name())).add(indexesLater)),
            StepKind.INDEXES,
            "a cell building its indexes after the load needs the indexes step"));
    root.set("allOf", rules);
    return root;
  }

  /** If the matrix is as {@code when} says, the steps must hold {@code step}. */
  private static ObjectNode matrixNeedsStep(ObjectNode when, StepKind step, String why) {
    ObjectNode rule = JSON.objectNode();
    rule.set(
        "if",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("matrix")))
            .set("properties", JSON.objectNode().set("matrix", when)));
    ObjectNode steps = JSON.objectNode();
    steps.set("contains", JSON.objectNode().put("const", step.yamlName()));
    steps.put("errorMessage", why + "; add " + step.yamlName() + " to steps");
    rule.set("then", JSON.objectNode().set("properties", JSON.objectNode().set("steps", steps)));
    return rule;
  }

  private static ObjectNode steps() {
    ObjectNode node = list(stepName());
    node.put("minItems", 2);
    StringBuilder description =
        new StringBuilder(
            "The steps of each table's load, in order, starting with create, copy (after drop if"
                + " listed):");
    for (StepKind step : StepKind.values()) {
      if (!step.listable()) {
        continue;
      }
      description.append(' ').append(step.yamlName()).append(": ").append(known(STEPS, step));
      description.append('.');
    }
    node.put("description", description.toString());
    ArrayNode starts = JSON.arrayNode();
    starts.add(JSON.objectNode().set("items", consts(List.of(StepKind.CREATE, StepKind.COPY))));
    starts.add(
        JSON.objectNode()
            .put("minItems", 3)
            .set("items", consts(List.of(StepKind.DROP, StepKind.CREATE, StepKind.COPY))));
    node.set("anyOf", starts);
    return node;
  }

  static ObjectNode stepName() {
    return JSON.objectNode().set("enum", strings(StepKind.names()));
  }
}
