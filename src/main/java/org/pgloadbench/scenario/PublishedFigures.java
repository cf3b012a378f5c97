package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.type;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A claim's published figures ({@code seed: [40 min, 57 min]}) and the source's own runs ({@code
 * seed_runs}): how the loader reads them and what the schema lets through, from the same units.
 */
final class PublishedFigures {
  /** The normal quantile of a two-sided 95% interval. */
  private static final double Z95 = 1.96;

  private static final Pattern QUANTITY = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)");

  /** Units a published figure may carry, each in a base unit of its dimension. */
  static final Map<String, Double> SECONDS =
      Map.of("ms", 0.001, "s", 1.0, "min", 60.0, "h", 3600.0);

  static final Map<String, Double> BYTES =
      Map.of("B", 1.0, "kB", 1024.0, "MB", 1024.0 * 1024, "GB", 1024.0 * 1024 * 1024);

  static final String SEED_HINT =
      "give the published figures, the first side's then the other's: [40 min, 57 min]";

  private PublishedFigures() {}

  /**
   * The two published figures: as the report shows them, their ratio, and their dimension (0 a
   * bare number, 1 a time, 2 a size).
   */
  record Seed(String text, double ratio, double dimension) {}

  static Seed seed(YamlNode node) throws ScenarioException {
    List<YamlNode> figures = node.asList(SEED_HINT).items();
    if (figures.size() != 2) {
      throw node.error("expected two figures; " + SEED_HINT);
    }
    double[] a = quantity(figures.get(0));
    double[] b = quantity(figures.get(1));
    if (a[1] != b[1]) {
      throw node.error("the two figures are of different kinds (a time and a size?); " + SEED_HINT);
    }
    if (b[0] == 0) {
      throw figures.get(1).error("is zero; no ratio can be taken");
    }
    String text = figures.get(0).asText(SEED_HINT) + " vs " + figures.get(1).asText(SEED_HINT);
    return new Seed(text, a[0] / b[0], a[1]);
  }

  /**
   * The relative half-width of the 95% interval of the ratio of the two sides' averages, from the
   * runs the source lists: 1.96 × √(cv²/n of one side + cv²/n of the other), cv a side's standard
   * deviation over its average (the delta method; the runs of one side independent of the other's).
   */
  static double spread(YamlNode node, String key, double dimension) throws ScenarioException {
    String hint =
        key
            + ": the source's runs, this side's then the other's, each of the seed's kind:"
            + " [[2.92 s, 2.89 s, ...], [2.84 s, 2.78 s, ...]]";
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

  static Set<String> units() {
    Set<String> units = new TreeSet<>(SECONDS.keySet());
    units.addAll(BYTES.keySet());
    return units;
  }

  /** Two figures of one kind: two times, two sizes, or two bare numbers. */
  static ObjectNode seedSchema() {
    ArrayNode kinds = JSON.arrayNode();
    for (Set<String> kind :
        List.<Set<String>>of(new TreeSet<>(SECONDS.keySet()), new TreeSet<>(BYTES.keySet()))) {
      kinds.add(two(figure("\\s*(" + String.join("|", kind) + ")")));
    }
    kinds.add(two(anyOf(type("number").put("minimum", 0), figure(""))));
    return JSON.objectNode().set("anyOf", kinds);
  }

  /** Two lists of at least two runs each. */
  static ObjectNode runsSchema() {
    ObjectNode run =
        anyOf(type("number").put("minimum", 0), figure("\\s*(" + String.join("|", units()) + ")?"));
    return two(type("array").<ObjectNode>set("items", run).put("minItems", 2));
  }

  /** A published figure: a number, then {@code unit}, a pattern. */
  private static ObjectNode figure(String unit) {
    return type("string").put("pattern", "^\\s*[0-9]+(\\.[0-9]+)?" + unit + "\\s*$");
  }

  private static ObjectNode two(ObjectNode item) {
    return type("array").<ObjectNode>set("items", item).put("minItems", 2).put("maxItems", 2);
  }
}
