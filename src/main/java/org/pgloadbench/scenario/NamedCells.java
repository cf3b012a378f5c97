package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The {@code cells} section: cells named by the scenario, each a partial set of axis values, e.g.
 * {@code cells: {osm2pgsql: {format: text}, seed-best: {format: binary, freeze: true, pk: later}}}.
 * Comparing two strategies then needs no full matrix and no exclude list.
 */
record NamedCells(Mapping node, Map<String, String> base, List<NamedCells.Named> cells) {
  static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");
  private static final String HINT =
      "name each cell and give the axis values it sets, e.g. cells: {seed-best: {format: binary,"
          + " freeze: true}}";

  record Named(String name, int line, Map<String, String> values) {}

  static NamedCells read(Mapping root, Map<String, String> base) throws ScenarioException {
    YamlNode section = root.optional("cells");
    if (section == null) {
      return new NamedCells(null, base, List.of());
    }
    Mapping m = section.asMapping(HINT);
    if (m.values().isEmpty()) {
      throw m.error("names no cell; " + HINT);
    }
    List<Named> cells = new ArrayList<>();
    for (var e : m.values().entrySet()) {
      int line = m.keyLines().get(e.getKey());
      if (!NAME.matcher(e.getKey()).matches()) {
        throw m.at(
            line,
            "cells: '"
                + e.getKey()
                + "' is not a cell name; use letters, digits, '.', '_', '+' and '-'");
      }
      Map<String, String> values = new LinkedHashMap<>();
      // a cell without values, a YAML null, has every axis at its default
      if (!(e.getValue() instanceof YamlNode.Scalar s && s.text() == null)) {
        Mapping axes = e.getValue().asMapping(HINT);
        axes.allowOnly(Axis.names(), "axes");
        for (var a : axes.values().entrySet()) {
          values.put(a.getKey(), Matrix.value(Axis.named(a.getKey()).orElseThrow(), a.getValue()));
        }
      }
      cells.add(new Named(e.getKey(), line, values));
    }
    return new NamedCells(m, base, cells);
  }

  boolean isEmpty() {
    return cells.isEmpty();
  }

  Set<String> axes() {
    Set<String> axes = new LinkedHashSet<>();
    cells.forEach(c -> axes.addAll(c.values().keySet()));
    return axes;
  }

  /**
   * The named cells, each holding a value for every scenario axis; rejects a name or a cell that
   * repeats one of {@code before} (the matrix's cells) or of the named cells before it.
   */
  List<Cell> complete(List<String> axes, List<Cell> before) throws ScenarioException {
    List<Cell> all = new ArrayList<>(before);
    List<Cell> named = new ArrayList<>();
    for (Named n : cells) {
      Cell cell = complete(n.name(), n.values(), axes, base);
      for (var why : Matrix.notApplying(cell.variant().loader()).entrySet()) {
        if (n.values().containsKey(why.getKey())) {
          // a matrix collapses such an axis; in a cell written by hand it is a slip
          throw refused(
              n, Matrix.doesNotApply(why.getKey(), cell.variant().loader(), why.getValue()));
        }
      }
      for (Cell other : all) {
        if (other.label().equals(cell.label())) {
          throw refused(n, "is also a matrix cell's label; rename it");
        }
        if (other.variant().equals(cell.variant())) {
          throw refused(n, "is the same cell as " + other.label() + "; keep only one");
        }
      }
      ImpossibleCells.Rule problem = ImpossibleCells.of(cell);
      if (problem != null) {
        throw refused(n, "is impossible: " + problem.why(cell) + "; " + problem.fix());
      }
      all.add(cell);
      named.add(cell);
    }
    return named;
  }

  private ScenarioException refused(Named cell, String why) {
    return node.at(cell.line(), "cells." + cell.name() + ": " + why);
  }

  /**
   * A cell labelled {@code label} with a value for each of {@code axes} that applies to its loader:
   * its own, else the base's, else the default.
   */
  static Cell complete(
      String label, Map<String, String> own, List<String> axes, Map<String, String> base) {
    Map<String, String> resolved = new LinkedHashMap<>(base);
    resolved.putAll(own);
    Set<String> collapsed = Matrix.notApplying(Axis.LOADER.valueIn(resolved)).keySet();
    Map<String, String> shown = new LinkedHashMap<>();
    for (String axis : axes) {
      if (!collapsed.contains(axis)) {
        shown.put(axis, resolved.getOrDefault(axis, Axis.named(axis).orElseThrow().defaultValue()));
      }
    }
    return new Cell(label, shown, Axis.variant(resolved));
  }
}
