package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.countOr;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.pattern;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.versionLike;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The keys of a scenario, declared once for {@link ScenarioLoader} and {@link ScenarioSchema}, with
 * the checks of those whose value stands alone; a section's own keys are its reader's.
 */
final class ScenarioKeys {
  static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");

  static final Key<String> SCENARIO_NAME =
      Key.of(
              "name",
              "The scenario's name, used for results/<name>/ and reports/<name>/: lower-case"
                  + " letters, digits, '.', '_' and '-'.",
              () -> pattern(NAME))
          .required("name the scenario, e.g. name: ways-binary-freeze")
          .reading(
              node ->
                  node.as(
                      "e.g. name: ways-binary-freeze",
                      name -> NAME.matcher(name).matches() ? name : null,
                      name ->
                          "'"
                              + name
                              + "' is not a valid name; use lower-case letters, digits, '.', '_'"
                              + " and '-', starting with a letter or digit"));
  static final Key<String> DESCRIPTION =
      Key.of(
              "description",
              "What the scenario reproduces, and the published figures it is compared with.",
              () -> type("string"))
          .reading(node -> node.asText("write it as text").strip());
  static final Key<Mapping> DATASET =
      Key.of("dataset", DatasetSections::schema)
          .required("say what to load, e.g. dataset: {kind: osm-synthetic}")
          .reading(
              node ->
                  node.asMapping(
                      "e.g. dataset: {kind: osm-synthetic, tables: [ways], rows: {nodes: 1000,"
                          + " ways: 100}}"));
  static final Key<Mapping> SERVERS =
      Key.of("servers", ServersSection::schema)
          .required("list the versions, e.g. servers: {versions: [17]}")
          .reading(node -> node.asMapping("e.g. servers: {versions: [16, 17]}"));
  static final Key<YamlNode> SETTINGS = Key.of("settings", SettingsSection::schema);

  /** {@code repeat: auto}, which no count of rounds can be. */
  static final int AUTO_ROUNDS = 0;

  static final Key<Integer> REPEAT =
      Key.of(
              "repeat",
              "Measured rounds, each every cell on every server once (default 1); a paired verdict"
                  + " needs 6 or more. auto: the fewest rounds a verdict needs, then more until"
                  + " every comparison with the baseline and every claim has a verdict or is"
                  + " known within precision, or the budget is spent.",
              () -> countOr(List.of("auto")))
          .reading(ScenarioKeys::repeat);
  static final Key<Integer> WARMUP =
      Key.count(
          "warmup", "Unmeasured loads per server before the first measured one (default 1).", 0);
  static final Key<Restarts> RESTART =
      Key.of(
              "restart",
              "How often every server is started afresh, a new data directory and environment"
                  + " each time, so that a comparison of servers rests on several starts of each:"
                  + " a number of rounds per start, never (one start for the run), or auto (the"
                  + " default, when the run compares servers: as many rounds per start as the"
                  + " newest stored run found fastest, at least "
                  + Restarts.AUTO_EVERY
                  + ").",
              () -> countOr(List.of("auto", "never")))
          .hint("write restart: auto, restart: never or a number of rounds per start, e.g. 2")
          .reading(ScenarioKeys::restarts);
  static final Key<YamlNode> MATRIX = Key.of("matrix", CellsSchema::matrix);
  static final Key<YamlNode> EXCLUDE =
      Key.of(
          "exclude",
          "Partial cells to leave out of the matrix, e.g. - {freeze: true, connections: 2}; each"
              + " must match a cell left by the entries before it.",
          CellsSchema::exclude);
  static final Key<YamlNode> CELLS = Key.of("cells", CellsSchema::cells);
  static final Key<List<StepKind>> STEPS =
      Key.of("steps", Steps::schema)
          .required("list the load steps, e.g. [" + Steps.listed() + "]")
          .reading(Steps::read);
  static final Key<YamlNode> CLAIMS =
      Key.of(
          "claims",
          "Published findings this scenario checks, each one side against another on one measure;"
              + " the report gives each a verdict by the Mann-Whitney test.",
          ClaimsSchema::claims);
  static final Key<List<String>> FINDINGS =
      Key.of(
              "findings",
              "What earlier runs of this harness found, in words: the report shows them under"
                  + " Findings, apart from the claims, and checks none of them.",
              () -> type("array").set("items", type("string").put("minLength", 1)))
          .hint("list what earlier runs found, each as text, e.g. findings: [15 built it slower]")
          .reading(ScenarioKeys::findings);
  static final Key<Boolean> CONTROL =
      Key.of(
              "control",
              "Whether a run comparing servers adds a control, a second instance of its base server"
                  + " with the same binaries and settings, to show what the machine's drift alone"
                  + " makes of two identical servers (default true).",
              () -> type("boolean"))
          .reading(node -> node.asBoolean("write control: true or control: false"));
  static final Key<YamlNode> BASELINE =
      Key.of(
          "baseline",
          "The cell the answer compares every other with (what you do today); default: the"
              + " cell with every axis at its default, else the first.",
          () -> pattern(NamedCells.NAME));
  static final Key<YamlNode> CALIBRATED_ON =
      Key.of(
          "calibrated_on",
          "The claim (its words, as its claim: gives them) whose published size chose the"
              + " scenario's disk limit: the limit at which a sweep of disks found that claim's"
              + " ratio to meet the published one. The report then tallies the other claims' sizes"
              + " at that limit, a test out of sample, and counts this one in no tally.",
          () -> type("string").put("minLength", 1));
  static final Key<Double> PRECISION =
      Key.of(
              "precision",
              "With repeat: auto and in a recommend race: a comparison whose ratio's 95% interval"
                  + " lies within ± this of the ratio is known well enough (default 5%).",
              () ->
                  anyOf(
                      type("number").put("exclusiveMinimum", 0).put("maximum", 0.5),
                      type("string").put("pattern", "^\\s*[0-9]+(\\.[0-9]+)?\\s*%\\s*$")))
          .reading(
              node ->
                  node.as(
                      "e.g. precision: 5%",
                      Stopping::fraction,
                      text ->
                          "expected a percentage above 0 and at most 50%, e.g. precision: 5% (or"
                              + " 0.05)"));
  static final Key<Long> BUDGET =
      Key.of(
              "budget",
              "With repeat: auto and in a recommend race: the time the rounds may take per server"
                  + " (default 10m; 90s, 1h).",
              () ->
                  type("string").put("pattern", "^\\s*" + Stopping.DURATION.pattern() + "\\s*$"))
          .reading(
              node ->
                  node.as(
                      "e.g. budget: 10m",
                      Stopping::duration,
                      text -> "expected a time per server, e.g. budget: 10m (or 90s, 1h)"));
  static final Key<List<Double>> SCALES =
      Key.of(
              "scales",
              "The row-count multipliers make scaling runs the scenario at (SCALES= overrides),"
                  + " e.g. [0.25, 1, 4].",
              () ->
                  type("array")
                      .<ObjectNode>set("items", type("number").put("exclusiveMinimum", 0))
                      .put("minItems", 2)
                      .put("uniqueItems", true))
          .hint("list row-count multipliers, e.g. scales: [0.25, 1, 4]")
          .reading(ScenarioKeys::scales);
  static final Key<YamlNode> REPRODUCE_VERSIONS =
      Key.of(
              "reproduce_versions",
              "The versions of servers.versions that make reproduce runs this scenario on, to"
                  + " keep the whole reproduction short (default: all of them; PG= overrides"
                  + " both); the reproduce report names them in the scenario's row.",
              () -> list(versionLike(ServersSpec.VERSION)))
          .hint("list some of servers.versions, e.g. reproduce_versions: [15]");
  static final Key<Measure> MEASURE =
      Key.of(
              "measure",
              "time (the default), or instructions: each step's instructions counted too, the"
                  + " servers under valgrind (embedded and local targets; one round, no warm-up"
                  + " unless REPEAT= and WARMUP= say otherwise; INSTRUCTIONS=1 on the command"
                  + " line).",
              () -> JSON.objectNode().set("enum", strings(Measure.names())))
          .hint("use " + String.join(" or ", Measure.names()))
          .reading(
              node ->
                  Measure.valueOf(
                      node.among(Measure.names(), "a measure", ScenarioKeys.MEASURE.hint())
                          .toUpperCase(Locale.ROOT)));

  static final Keys KEYS =
      Keys.of(
          SCENARIO_NAME, DESCRIPTION, DATASET, SERVERS, SETTINGS, REPEAT, WARMUP, RESTART, MATRIX,
          EXCLUDE, CELLS, STEPS, CLAIMS, CALIBRATED_ON, FINDINGS, CONTROL, BASELINE, PRECISION,
          BUDGET, SCALES, REPRODUCE_VERSIONS, MEASURE);

  private ScenarioKeys() {}

  private static Restarts restarts(YamlNode node) throws ScenarioException {
    String value = node.asText(RESTART.hint()).strip();
    if (value.equals("auto")) {
      return Restarts.AUTO;
    }
    if (value.equals("never")) {
      return Restarts.NEVER;
    }
    if (!value.matches("[0-9]+") || value.length() > 9 || Integer.parseInt(value) < 1) {
      throw node.error("'" + value + "' is not a number of rounds per start; " + RESTART.hint());
    }
    return new Restarts(false, Integer.parseInt(value));
  }

  private static List<String> findings(YamlNode node) throws ScenarioException {
    List<String> findings = new ArrayList<>();
    for (YamlNode item : node.asList(FINDINGS.hint()).items()) {
      String text = item.asText(FINDINGS.hint()).strip();
      if (text.isEmpty()) {
        throw item.error("is empty; " + FINDINGS.hint());
      }
      findings.add(text);
    }
    return findings;
  }

  /** {@code scales:}, row-count multipliers above 0, each once. */
  private static List<Double> scales(YamlNode node) throws ScenarioException {
    String hint = SCALES.hint();
    List<Double> scales =
        node.eachOnce(
            hint,
            "scale",
            item -> item.as(hint, Keys::positive, text -> "expected a number above 0; " + hint));
    if (scales.size() < 2) {
      throw node.error("a scale series needs at least two scales; " + hint);
    }
    return scales;
  }

  /** Rounds from 1, or {@link #AUTO_ROUNDS}. */
  private static int repeat(YamlNode node) throws ScenarioException {
    String text = node instanceof YamlNode.Scalar r ? r.text() : null;
    if ("auto".equals(text)) {
      return AUTO_ROUNDS;
    }
    if (text != null && text.matches(".*[A-Za-z].*")) {
      String expected = "expected a whole number >= 1, or auto (rounds until the answer is sure)";
      throw node.error(expected + ", got '" + text + "'");
    }
    return Key.intAtLeast(node, 1);
  }
}
