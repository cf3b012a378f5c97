package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.variant.LoaderKind;

/**
 * The {@code exclude} section: partial cells dropped from the expanded matrix, each entry dropping
 * at least one cell. An entry written before axes collapsed for the loaders they do not apply to
 * ({@code {loader: copy, batch_size: 100}}) matches no cell now, yet is only redundant: scenarios
 * shared in issues keep loading, with a note, and it drops what it dropped then.
 */
final class Excludes {
  private Excludes() {}

  /**
   * {@code cells} less what the entries drop, in order; a note (one line) for each redundant one.
   *
   * @param matrix the matrix's axes with their values
   * @param expanded every combination of the matrix's values, before axes collapsed
   * @param cells the collapsed cells
   */
  static List<Map<String, String>> apply(
      YamlNode exclude,
      Map<String, List<String>> matrix,
      List<Map<String, String>> expanded,
      List<Map<String, String>> cells,
      List<String> notes)
      throws ScenarioException {
    List<Map<String, String>> left = new ArrayList<>(cells);
    // each collapsed cell with the matrix points it stands for, for an entry written before its
    // axes collapsed
    Map<Map<String, String>, List<Map<String, String>>> standsFor = new LinkedHashMap<>();
    for (Map<String, String> point : expanded) {
      standsFor.computeIfAbsent(Matrix.asCell(point), p -> new ArrayList<>()).add(point);
    }
    var entries =
        exclude.asList("list partial cells to drop, e.g. - {freeze: true, connections: 2}");
    for (YamlNode entry : entries.items()) {
      Map<String, String> partial = excludeEntry(entry, matrix);
      if (left.removeIf(p -> matches(p, partial))) {
        continue;
      }
      // only redundant if it names an axis that collapsed in a cell left, written before axes
      // collapsed ({loader: copy, batch_size: 100})
      Redundant redundant =
          collapsedIn(partial, left.stream().flatMap(cell -> standsFor.get(cell).stream()));
      if (redundant == null) {
        throw entry.error(noMatch(partial, expanded));
      }
      notes.add(note(entry, redundant, partial, left, standsFor));
    }
    if (left.isEmpty()) {
      throw exclude.error(
          "drops every cell of the matrix, leaving nothing to run; remove an entry");
    }
    return left;
  }

  private static boolean matches(Map<String, String> point, Map<String, String> partial) {
    return point.entrySet().containsAll(partial.entrySet());
  }

  /** An exclude entry's axis that collapsed in the cells of {@code loader}, and why. */
  private record Redundant(String axis, LoaderKind loader, String why) {
    String text() {
      return String.format(
          "names %s with loader %s, whose cells have none (%s)", axis, loader.yamlName(), why);
    }
  }

  /**
   * Applies a redundant entry as it read before its axes collapsed: a cell goes only when the entry
   * drops every matrix point it stands for (with {@code batch_size: [100]} the copy cell goes, with
   * {@code [100, 1000]} it stays); the note says what that did and what to write instead.
   */
  private static String note(
      YamlNode entry,
      Redundant redundant,
      Map<String, String> partial,
      List<Map<String, String>> cells,
      Map<Map<String, String>, List<Map<String, String>>> standsFor) {
    List<String> dropped = new ArrayList<>();
    for (Map<String, String> cell : List.copyOf(cells)) {
      standsFor.get(cell).removeIf(p -> matches(p, partial));
      if (standsFor.get(cell).isEmpty()) {
        cells.remove(cell);
        dropped.add(Cell.of(cell).label());
      }
    }
    return entry
        .error(
            redundant.text()
                + (dropped.isEmpty()
                    ? "; it drops no cell"
                    : "; it drops " + String.join(", ", dropped))
                + "; remove "
                + redundant.axis()
                + " from the entry")
        .getMessage();
  }

  /** Why an exclude entry matches no cell: an axis it names collapsed there, or nothing left. */
  private static String noMatch(Map<String, String> partial, List<Map<String, String>> expanded) {
    Redundant redundant = collapsedIn(partial, expanded.stream());
    return redundant == null
        ? "matches no cell left by the entries before it; remove it"
        : redundant.text() + "; remove " + redundant.axis() + " from the entry";
  }

  /**
   * The first axis {@code partial} names that collapsed in one of {@code points}; null for none.
   */
  private static Redundant collapsedIn(
      Map<String, String> partial, Stream<Map<String, String>> points) {
    return points.map(p -> collapsed(partial, p)).filter(Objects::nonNull).findFirst().orElse(null);
  }

  /** An axis {@code partial} names that collapsed in the cell of {@code point}; null for none. */
  private static Redundant collapsed(Map<String, String> partial, Map<String, String> point) {
    if (!matches(point, partial)) {
      return null;
    }
    LoaderKind loader = Axis.LOADER.valueIn(point);
    for (String axis : partial.keySet()) {
      String why = Matrix.notApplying(loader).get(axis);
      if (why != null) {
        return new Redundant(axis, loader, why);
      }
    }
    return null;
  }

  /** One exclude entry: a partial cell naming matrix axes and values they take. */
  private static Map<String, String> excludeEntry(YamlNode node, Map<String, List<String>> matrix)
      throws ScenarioException {
    Mapping entry = node.asMapping("write a partial cell, e.g. {freeze: true, connections: 2}");
    if (entry.values().isEmpty()) {
      throw node.error("an empty entry would drop every cell; name at least one axis and value");
    }
    entry.allowOnly(Axis.names(), "axes");
    Map<String, String> partial = new LinkedHashMap<>();
    for (var e : entry.values().entrySet()) {
      List<String> allowed = matrix.get(e.getKey());
      if (allowed == null) {
        String axes = matrix.isEmpty() ? "" : " (" + String.join(", ", matrix.keySet()) + ")";
        String notAxis = "'%s' is not an axis of the matrix%s; exclude can only name matrix axes";
        throw e.getValue().error(String.format(notAxis, e.getKey(), axes));
      }
      String value = Matrix.value(Axis.named(e.getKey()).orElseThrow(), e.getValue());
      if (!allowed.contains(value)) {
        String values = String.join(", ", allowed);
        String notAmong = "'%s' is not among the values of matrix.%s (%s)";
        throw e.getValue().error(String.format(notAmong, value, e.getKey(), values));
      }
      partial.put(e.getKey(), value);
    }
    return partial;
  }
}
