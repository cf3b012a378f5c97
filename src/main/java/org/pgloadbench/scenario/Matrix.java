package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.variant.LoaderKind;

/**
 * The {@code matrix}, {@code exclude} ({@link Excludes}) and {@code cells} sections of a scenario,
 * expanded into its cells.
 *
 * @param axes the matrix axes, then the other axes the named cells set, in {@link Axis#ALL} order
 * @param notes one line each, {@code file:line: field: ...}, on a form accepted though redundant
 */
record Matrix(List<String> axes, List<Cell> cells, List<String> notes) {

  /**
   * Expands the matrix in axis order, the last axis varying fastest; collapses in each cell the
   * axes that do not apply to its loader ({@link #notApplying}), keeping the first of the cells
   * that thereby become one; drops the cells that {@code exclude} names, then adds the named cells.
   * Without a matrix or named cells there is one cell, {@code default}. Every cell holds a value
   * for every axis of {@link #axes} that applies to it; an axis a cell does not set takes its value
   * in {@code base}, else its default.
   */
  static Matrix read(Mapping root, Map<String, String> base) throws ScenarioException {
    Map<String, List<String>> values = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    YamlNode matrix = root.optional("matrix");
    if (matrix != null) {
      Mapping axes =
          matrix.asMapping("give each axis a list of values, e.g. format: [text, binary]");
      axes.allowOnly(Axis.names(), "axes");
      for (String name : axes.values().keySet()) {
        values.put(
            name, axisValues(Axis.named(name).orElseThrow(), axes.values().get(name), notes));
      }
    }

    List<Map<String, String>> points = List.of(Map.of());
    for (Map.Entry<String, List<String>> axis : values.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> point : points) {
        for (String value : axis.getValue()) {
          Map<String, String> longer = new LinkedHashMap<>(point);
          longer.put(axis.getKey(), value);
          next.add(longer);
        }
      }
      points = next;
    }
    List<Map<String, String>> expanded = points;
    points = collapse(points, values, root);
    YamlNode exclude = root.optional("exclude");
    if (exclude != null) {
      points = Excludes.apply(exclude, values, expanded, points, notes);
    }

    NamedCells named = NamedCells.read(root, base);
    if (matrix == null && !named.isEmpty()) {
      points = List.of();
    }
    List<String> axes = new ArrayList<>(values.keySet());
    Axis.names().stream()
        .filter(a -> !axes.contains(a) && named.axes().contains(a))
        .forEach(axes::add);

    List<Cell> cells = new ArrayList<>();
    for (Map<String, String> point : points) {
      Cell cell = NamedCells.complete(Cell.of(point).label(), point, axes, base);
      ImpossibleCells.check(cell, root);
      cells.add(cell);
    }
    cells.addAll(named.complete(axes, cells));
    return new Matrix(List.copyOf(axes), cells, List.copyOf(notes));
  }

  /** A matrix point as its cell holds it: without the axes that do not apply to its loader. */
  static Map<String, String> asCell(Map<String, String> point) {
    Map<String, String> kept = new LinkedHashMap<>(point);
    kept.keySet().removeAll(notApplying(Axis.LOADER.valueIn(point)).keySet());
    return kept;
  }

  /**
   * The axes that mean nothing to a cell of {@code loader}, each with why: an INSERT loader sends
   * one row per statement and COPY every row in one, so neither has a batch size, and COPY loads in
   * one transaction. A matrix crossing loaders with these axes then needs no exclude entries.
   */
  static Map<String, String> notApplying(LoaderKind loader) {
    Map<String, String> why = new LinkedHashMap<>(); // in axis order, for stable messages
    if (loader == LoaderKind.COPY) {
      why.put(Axis.BATCH_SIZE.name(), "COPY streams every row in one statement");
      why.put(Axis.COMMIT_EVERY.name(), "COPY loads in one transaction");
    } else if (loader == LoaderKind.INSERT) {
      why.put(Axis.BATCH_SIZE.name(), "insert sends one row per statement");
    }
    return why;
  }

  /**
   * That a matrix's {@code axis} applies to none of its cells' loaders ({@code why}), and what to
   * do: add one it applies to, to the loader axis called {@code loaders} here, or remove it.
   */
  static String appliesToNoCell(String axis, String why, String loaders) {
    List<String> taking =
        Arrays.stream(LoaderKind.values())
            .filter(k -> !notApplying(k).containsKey(axis))
            .map(LoaderKind::yamlName)
            .toList();
    return String.format(
        "applies to no cell: %s; add a loader it applies to (%s) to %s, or remove %s",
        why, String.join(", ", taking), loaders, axis);
  }

  /** That {@code axis} does not apply to {@code loader}, {@code why}, and what to do. */
  static String doesNotApply(String axis, LoaderKind loader, String why) {
    return String.format(
        "%s does not apply to loader %s (%s); remove %s", axis, loader.yamlName(), why, axis);
  }

  /**
   * Each point without the axes that do not apply to its loader, the points that thereby become
   * equal once (the first); an axis that applies to no point at all is a mistake.
   */
  private static List<Map<String, String>> collapse(
      List<Map<String, String>> points, Map<String, List<String>> values, Mapping root)
      throws ScenarioException {
    List<Map<String, String>> collapsed = new ArrayList<>();
    for (Map<String, String> point : points) {
      Map<String, String> kept = asCell(point);
      if (!collapsed.contains(kept)) {
        collapsed.add(kept);
      }
    }
    for (String axis : values.keySet()) {
      if (collapsed.stream().noneMatch(p -> p.containsKey(axis))) {
        Mapping matrix = (Mapping) root.optional("matrix");
        String why = notApplying(Axis.LOADER.valueIn(points.get(0))).get(axis);
        throw matrix.values().get(axis).error(appliesToNoCell(axis, why, "matrix.loader"));
      }
    }
    return collapsed;
  }

  /** Refuses a cell without a step its axes need ({@link Steps#NEEDED}), at that axis. */
  void requireSteps(Mapping root, List<StepKind> steps) throws ScenarioException {
    for (Cell cell : cells) {
      for (Steps.Needed needed : Steps.NEEDED) {
        YamlNode values = where(root, cell, needed.axis());
        boolean chosen = values != root; // the axis is written for this cell
        if (chosen && needed.needs().test(cell.variant()) && !steps.contains(needed.step())) {
          throw values.error(needed.error(cell));
        }
      }
    }
  }

  /** The node that gave a cell its value on {@code axis}: a matrix axis, a named cell, or root. */
  private static YamlNode where(Mapping root, Cell cell, Axis<?> axis) {
    if (root.optional("cells") instanceof Mapping named
        && named.values().get(cell.label()) instanceof Mapping own
        && own.values().containsKey(axis.name())) {
      return own.values().get(axis.name());
    }
    if (root.optional("matrix") instanceof Mapping matrix
        && matrix.values().containsKey(axis.name())) {
      return matrix.values().get(axis.name());
    }
    return root;
  }

  private static List<String> axisValues(Axis<?> axis, YamlNode node, List<String> notes)
      throws ScenarioException {
    String def = axis.defaultValue();
    var list =
        node.asList("list the values to compare, e.g. " + axis.name() + ": [" + def + ", ...]");
    if (list.items().isEmpty()) {
      throw node.error(
          "give at least one value, or remove the axis to use its default (" + def + ")");
    }
    List<String> values = new ArrayList<>();
    for (YamlNode item : list.items()) {
      String value = value(axis, item);
      if (values.contains(value)) {
        throw item.error("'" + value + "' is listed twice; list each value once");
      }
      // one value written another way (a disk limit's parts in another order or unit) was a cell
      // of its own before limits had one text; it is the same server start, so it is counted once
      String same =
          values.stream()
              .filter(v -> axis.parse(v).equals(axis.parse(value)))
              .findFirst()
              .orElse(null);
      if (same != null) {
        String note = "'%s' is %s listed already, as '%s'; counted once (list each value once)";
        notes.add(item.error(String.format(note, value, axis.noun(), same)).getMessage());
        continue;
      }
      values.add(value);
    }
    return values;
  }

  static String value(Axis<?> axis, YamlNode node) throws ScenarioException {
    return node.as(axis.hint(), v -> axis.parse(v).isPresent() ? v : null, axis::invalid);
  }
}
