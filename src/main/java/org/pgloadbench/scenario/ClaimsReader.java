package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.scenario.YamlNode.Sequence;

/**
 * The {@code claims} section: each claim checked against the scenario it sits in (its cells, steps,
 * tables and versions), so that a claim that could never be evaluated is refused at load.
 */
final class ClaimsReader {
  /**
   * The key of a source's own repetitions, each side's runs, whose spread is the published ratio's
   * uncertainty ({@link #spread}).
   */
  static final String SEED_RUNS = "seed_runs";

  /** The normal quantile of a two-sided 95% interval. */
  private static final double Z95 = 1.96;

  static final List<String> KEYS =
      List.of(
          "claim", "source", "seed", SEED_RUNS, "measure", "step", "table", "version", "factor",
          "needs", "less", "more", "than");
  static final List<String> SIDE_KEYS = List.of("cell", "step", "table", "version");
  private static final String HINT =
      "e.g. - {claim: binary is faster, source: osm2pgsql issue #2110, seed: [40 min, 57 min],"
          + " step: copy, less: {cell: binary}, than: {cell: text}}";
  private static final Pattern QUANTITY = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)");

  /** Units a published figure may carry, each in a base unit of its dimension. */
  static final Map<String, Double> SECONDS =
      Map.of("ms", 0.001, "s", 1.0, "min", 60.0, "h", 3600.0);

  static final Map<String, Double> BYTES =
      Map.of("B", 1.0, "kB", 1024.0, "MB", 1024.0 * 1024, "GB", 1024.0 * 1024 * 1024);

  private final List<String> tables;
  private final List<String> steps;
  private final List<String> cells;
  private final List<String> versions;

  /**
   * A matrix cell's label without its settings axis, e.g. {@code pk-now+freeze}, to the cells of
   * each profile with it, in the axis's order: {@code {defaults: pk-now+freeze+defaults, ...}}.
   */
  private final Map<String, Map<String, String>> acrossProfiles;

  private ClaimsReader(
      List<String> tables, List<String> steps, List<Cell> cells, List<String> versions) {
    this.tables = tables;
    this.steps = steps;
    this.cells = cells.stream().map(Cell::label).toList();
    this.versions = versions;
    this.acrossProfiles = acrossProfiles(cells, this.cells);
  }

  /**
   * The matrix cells that differ only in their settings profile, by their label without it. A
   * claim naming such a label compares the cells within each profile: the difference between
   * profiles is a finding, not noise to pool. Named cells keep the names they were given.
   */
  private static Map<String, Map<String, String>> acrossProfiles(
      List<Cell> cells, List<String> labels) {
    Map<String, Map<String, String>> across = new LinkedHashMap<>();
    for (Cell cell : cells) {
      String profile = cell.axes().get(Axis.SETTINGS.name());
      if (profile == null || !cell.label().equals(Cell.of(cell.axes()).label())) {
        continue;
      }
      Map<String, String> others = new LinkedHashMap<>(cell.axes());
      others.remove(Axis.SETTINGS.name());
      String label = Cell.of(others).label();
      if (!others.isEmpty() && !labels.contains(label)) {
        across.computeIfAbsent(label, l -> new LinkedHashMap<>()).put(profile, cell.label());
      }
    }
    return across;
  }

  static List<Claim> read(
      Mapping root,
      List<String> tables,
      List<String> steps,
      List<Cell> cells,
      List<String> versions)
      throws ScenarioException {
    YamlNode node = root.optional("claims");
    if (node == null) {
      return List.of();
    }
    ClaimsReader reader = new ClaimsReader(tables, steps, cells, versions);
    List<Claim> claims = new ArrayList<>();
    for (YamlNode item : node.asList("list the claims, " + HINT).items()) {
      Mapping m = item.asMapping(HINT);
      claims.addAll(reader.perProfile(reader.claim(m), m));
    }
    return claims;
  }

  /**
   * {@code claim} once per settings profile when a side names its cell without the settings axis
   * ({@link #acrossProfiles}), else as it is.
   */
  private List<Claim> perProfile(Claim claim, Mapping node) throws ScenarioException {
    Map<String, String> subjects = acrossProfiles.get(claim.subject().cell());
    Map<String, String> references = acrossProfiles.get(claim.reference().cell());
    if (subjects == null && references == null) {
      return List.of(claim);
    }
    List<Claim> claims = new ArrayList<>();
    for (String profile : (subjects != null ? subjects : references).keySet()) {
      String subject = subjects == null ? claim.subject().cell() : subjects.get(profile);
      String reference = references == null ? claim.reference().cell() : references.get(profile);
      if (subject != null && reference != null) {
        claims.add(claim.inProfile(profile, subject, reference));
      }
    }
    if (claims.isEmpty()) {
      throw node.error(
          "its two cells are in no settings profile together; name each cell with its profile,"
              + " e.g. "
              + subjects.values().iterator().next());
    }
    return claims;
  }

  private Claim claim(Mapping m) throws ScenarioException {
    m.allowOnly(KEYS, "keys");
    String claim = m.required("claim", "say the finding in words").asText("write it as text");
    String source =
        m.required("source", "say where it was published, e.g. source: osm2pgsql issue #2110")
            .asText("write it as text");
    String seed = null;
    Double seedRatio = null;
    double seedKind = 0;
    YamlNode seedNode = m.optional("seed");
    if (seedNode != null) {
      String hint =
          "give the published figures, the first side's then the other's: [40 min, 57 min]";
      Sequence figures = seedNode.asList(hint);
      if (figures.items().size() != 2) {
        throw seedNode.error("expected two figures; " + hint);
      }
      double[] a = quantity(figures.items().get(0));
      double[] b = quantity(figures.items().get(1));
      if (a[1] != b[1]) {
        throw seedNode.error(
            "the two figures are of different kinds (a time and a size?); " + hint);
      }
      if (b[0] == 0) {
        throw figures.items().get(1).error("is zero; no ratio can be taken");
      }
      seed = figures.items().get(0).asText(hint) + " vs " + figures.items().get(1).asText(hint);
      seedRatio = a[0] / b[0];
      seedKind = a[1];
    }
    Double seedSpread = null;
    YamlNode runsNode = m.optional(SEED_RUNS);
    if (runsNode != null) {
      if (seedNode == null) {
        throw runsNode.error(
            "gives the source's runs without its figures; add seed: [<this side's average>,"
                + " <the other's>] beside it");
      }
      seedSpread = spread(runsNode, seedKind);
    }
    String measure = "seconds";
    YamlNode measureNode = m.optional("measure");
    if (measureNode != null) {
      measure = oneOf(measureNode, Claim.MEASURES, "measure");
    }
    double factor = 1;
    YamlNode factorNode = m.optional("factor");
    if (factorNode != null) {
      factor = positive(factorNode);
    }
    YamlNode less = m.optional("less");
    YamlNode more = m.optional("more");
    if ((less == null) == (more == null)) {
      throw m.error(
          (less == null ? "missing" : "both")
              + " 'less' and 'more': give one, the side claimed lower (less) or higher (more)"
              + " than the side in 'than'");
    }
    Side subject = side(less != null ? less : more, m);
    Side reference =
        side(m.required("than", "give the side compared with, e.g. than: {cell: text}"), m);
    if ((subject.version() == null) != (reference.version() == null)) {
      throw m.error(
          "one side names a version, the other not; give both a version, or neither (then the"
              + " claim is checked on every version)");
    }
    YamlNode needs = m.optional("needs");
    return new Claim(
        claim,
        source,
        seed,
        seedRatio,
        seedSpread,
        measure,
        less != null ? Relation.LESS : Relation.MORE,
        factor,
        subject,
        reference,
        needs == null
            ? null
            : needs.asText("say what a verdict needs, e.g. PostGIS on both versions"),
        null);
  }

  /**
   * The relative half-width of the 95% interval of the ratio of the two sides' averages, from the
   * runs the source lists: 1.96 × √(cv²/n of one side + cv²/n of the other), cv a side's standard
   * deviation over its average (the delta method; the runs of one side independent of the other's).
   */
  private static double spread(YamlNode node, double dimension) throws ScenarioException {
    String hint =
        SEED_RUNS
            + ": the source's runs, this side's then the other's, each of the seed's kind: [[2.92 s,"
            + " 2.89 s, ...], [2.84 s, 2.78 s, ...]]";
    List<YamlNode> sides = node.asList(hint).items();
    if (sides.size() != 2) {
      throw node.error("expected two lists of runs; " + hint);
    }
    double variance = 0;
    for (YamlNode side : sides) {
      List<YamlNode> runs = side.asList(hint).items();
      if (runs.size() < 2) {
        throw side.error("lists fewer than two runs, which have no spread; " + hint);
      }
      double[] values = new double[runs.size()];
      for (int i = 0; i < values.length; i++) {
        double[] run = quantity(runs.get(i));
        if (run[1] != dimension) {
          throw runs.get(i).error("is not of the seed's kind (a time and a size?); " + hint);
        }
        values[i] = run[0];
      }
      double mean = Arrays.stream(values).average().orElseThrow();
      if (mean == 0) {
        throw side.error("averages zero; no ratio can be taken");
      }
      double squares = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
      double cv = Math.sqrt(squares / (values.length - 1)) / mean;
      variance += cv * cv / values.length;
    }
    return Z95 * Math.sqrt(variance);
  }

  /** A side; what it does not say (step, table, version) comes from the claim. */
  private Side side(YamlNode node, Mapping claim) throws ScenarioException {
    Mapping m = node.asMapping("write a side as {cell: <label>, step: copy, table: ways}");
    m.allowOnly(SIDE_KEYS, "keys");
    YamlNode cellNode = m.required("cell", "name a cell by its label");
    String cell =
        acrossProfiles.containsKey(cellNode.asText("name a cell"))
            ? cellNode.asText("name a cell")
            : oneOf(cellNode, cells, "cell");
    YamlNode stepNode = m.optional("step") != null ? m.optional("step") : claim.optional("step");
    if (stepNode == null) {
      throw m.error(
          "say which steps to compare: step: copy, or a list summed per repetition, on the side"
              + " or the claim");
    }
    List<String> sideSteps = names(stepNode, steps, "step");
    YamlNode tableNode =
        m.optional("table") != null ? m.optional("table") : claim.optional("table");
    List<String> sideTables = tableNode == null ? tables : names(tableNode, tables, "table");
    YamlNode versionNode =
        m.optional("version") != null ? m.optional("version") : claim.optional("version");
    String version = versionNode == null ? null : oneOf(versionNode, versions, "version");
    return new Side(cell, version, sideTables, sideSteps.stream().map(StepKind::named).toList());
  }

  /** One name or a list of names, each among {@code known}. */
  private static List<String> names(YamlNode node, List<String> known, String noun)
      throws ScenarioException {
    List<YamlNode> items = node instanceof Sequence s ? s.items() : List.of(node);
    if (items.isEmpty()) {
      throw node.error("is empty; name at least one " + noun);
    }
    List<String> names = new ArrayList<>();
    for (YamlNode item : items) {
      String name = oneOf(item, known, noun);
      if (names.contains(name)) {
        throw item.error("'" + name + "' is listed twice; list each " + noun + " once");
      }
      names.add(name);
    }
    return names;
  }

  private static String oneOf(YamlNode node, List<String> known, String noun)
      throws ScenarioException {
    String value = node.asText("name a " + noun);
    if (!known.contains(value)) {
      throw node.error(
          "unknown "
              + noun
              + " '"
              + value
              + "'"
              + YamlNode.didYouMean(value, known)
              + "; the scenario's "
              + noun
              + "s: "
              + String.join(", ", known));
    }
    return value;
  }

  private static double positive(YamlNode node) throws ScenarioException {
    String text = node.asText("write a number > 0, e.g. factor: 0.1");
    try {
      double value = Double.parseDouble(text);
      if (value > 0 && Double.isFinite(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw node.error("'" + text + "' is not a number > 0; e.g. factor: 0.1");
  }

  /** A published figure in its dimension's base unit: {value, dimension}. */
  private static double[] quantity(YamlNode node) throws ScenarioException {
    String hint = "write a number and a unit (ms, s, min, h, B, kB, MB, GB) or none, e.g. 40 min";
    String text = node.asText(hint).strip();
    Matcher match = QUANTITY.matcher(text);
    if (match.matches()) {
      double value = Double.parseDouble(match.group(1));
      String unit = match.group(2);
      if (unit.isEmpty()) {
        return new double[] {value, 0};
      } else if (SECONDS.containsKey(unit)) {
        return new double[] {value * SECONDS.get(unit), 1};
      } else if (BYTES.containsKey(unit)) {
        return new double[] {value * BYTES.get(unit), 2};
      }
    }
    throw node.error(String.format(Locale.ROOT, "'%s' is not a figure; %s", text, hint));
  }
}
