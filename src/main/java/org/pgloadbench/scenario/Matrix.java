package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.YamlNode.Mapping;

/** The {@code matrix} and {@code exclude} sections of a scenario, expanded into its cells. */
record Matrix(List<String> axes, List<Cell> cells) {

  /**
   * Expands the matrix in axis order, the last axis varying fastest, then drops the cells that
   * {@code exclude} names. Without a matrix there is one cell, {@code default}.
   */
  static Matrix read(Mapping root) throws ScenarioException {
    Map<String, List<String>> values = new LinkedHashMap<>();
    YamlNode matrix = root.optional("matrix");
    if (matrix != null) {
      Mapping axes =
          matrix.asMapping("give each axis a list of values, e.g. format: [text, binary]");
      axes.allowOnly(Axis.names(), "axes");
      for (String name : axes.values().keySet()) {
        values.put(name, axisValues(Axis.named(name).orElseThrow(), axes.values().get(name)));
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

    YamlNode exclude = root.optional("exclude");
    if (exclude != null) {
      points = new ArrayList<>(points);
      var entries =
          exclude.asList("list partial cells to drop, e.g. - {freeze: true, connections: 2}");
      for (YamlNode entry : entries.items()) {
        Map<String, String> partial = excludeEntry(entry, values);
        if (!points.removeIf(p -> p.entrySet().containsAll(partial.entrySet()))) {
          throw entry.error("matches no cell left by the entries before it; remove it");
        }
      }
      if (points.isEmpty()) {
        throw exclude.error(
            "drops every cell of the matrix, leaving nothing to run; remove an entry");
      }
    }

    List<Cell> cells = points.stream().map(Cell::of).toList();
    for (Cell cell : cells) {
      checkPossible(cell, root);
      checkLoader(cell, root);
    }
    return new Matrix(List.copyOf(values.keySet()), cells);
  }

  /**
   * An axis whose other half is a step needs that step: an UNLOGGED table is durable only after
   * set_logged (and comparing the two halves is the point), and indexes built after the load are
   * built by the indexes step.
   */
  void requireSteps(Mapping root, List<String> steps) throws ScenarioException {
    if (!(root.optional("matrix") instanceof Mapping matrix)) {
      return;
    }
    for (Cell cell : cells) {
      if (cell.variant().unlogged() && !steps.contains("set_logged")) {
        throw matrix
            .values()
            .get(Axis.UNLOGGED.name())
            .error(
                "cell "
                    + cell.label()
                    + " loads an UNLOGGED table, which only set_logged makes durable;"
                    + " add set_logged to steps");
      }
      for (Axis<?> axis : List.of(Axis.INDEXES, Axis.WAYS_INDEX)) {
        YamlNode values = matrix.values().get(axis.name());
        if (values != null && !cell.variant().indexesNow() && !steps.contains("indexes")) {
          throw values.error(
              "cell "
                  + cell.label()
                  + " builds its indexes after the load, which only the indexes step does;"
                  + " add indexes to steps");
        }
      }
    }
  }

  private static List<String> axisValues(Axis<?> axis, YamlNode node) throws ScenarioException {
    var list =
        node.asList(
            "list the values to compare, e.g. "
                + axis.name()
                + ": ["
                + axis.defaultValue()
                + ", ...]");
    if (list.items().isEmpty()) {
      throw node.error(
          "give at least one value, or remove the axis to use its default ("
              + axis.defaultValue()
              + ")");
    }
    List<String> values = new ArrayList<>();
    for (YamlNode item : list.items()) {
      String value = value(axis, item);
      if (values.contains(value)) {
        throw item.error("'" + value + "' is listed twice; list each value once");
      }
      values.add(value);
    }
    return values;
  }

  private static String value(Axis<?> axis, YamlNode node) throws ScenarioException {
    String value = node.asText(axis.hint());
    if (axis.parse(value).isEmpty()) {
      throw node.error(axis.invalid(value));
    }
    return value;
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
        throw e.getValue()
            .error(
                "'"
                    + e.getKey()
                    + "' is not an axis of the matrix"
                    + (matrix.isEmpty() ? "" : " (" + String.join(", ", matrix.keySet()) + ")")
                    + "; exclude can only name matrix axes");
      }
      String value = value(Axis.named(e.getKey()).orElseThrow(), e.getValue());
      if (!allowed.contains(value)) {
        throw e.getValue()
            .error(
                "'"
                    + value
                    + "' is not among the values of matrix."
                    + e.getKey()
                    + " ("
                    + String.join(", ", allowed)
                    + ")");
      }
      partial.put(e.getKey(), value);
    }
    return partial;
  }

  /**
   * COPY FREEZE only works in the transaction that created or truncated the table, and a second
   * connection has a transaction of its own: such a cell would fail on every run, so refuse it now.
   */
  private static void checkPossible(Cell cell, Mapping root) throws ScenarioException {
    LoadVariant v = cell.variant();
    if (!v.freeze() || v.connections() <= 1) {
      return;
    }
    List<String> fix = new ArrayList<>();
    for (Axis<?> axis : List.of(Axis.FREEZE, Axis.CONNECTIONS)) {
      if (cell.axes().containsKey(axis.name())) {
        fix.add(axis.name() + ": " + cell.axes().get(axis.name()));
      }
    }
    // Point at the freeze axis; if a default made the cell impossible, at what is in the matrix.
    int line = root.line();
    if (root.optional("matrix") instanceof Mapping axes) {
      line =
          axes.keyLines()
              .getOrDefault(
                  Axis.FREEZE.name(),
                  axes.keyLines().getOrDefault(Axis.CONNECTIONS.name(), axes.line()));
    }
    throw root.at(
        line,
        "cell "
            + cell.label()
            + " is impossible: COPY FREEZE needs the table created in the same transaction,"
            + " which a second connection cannot join"
            + (fix.isEmpty() ? "" : "; add to exclude: {" + String.join(", ", fix) + "}"));
  }

  /**
   * Options of one loader named in a cell of another: FREEZE and the binary format are COPY's,
   * batch_size is for batched INSERTs, commit_every for INSERT loaders; rewritten batches report no
   * row counts, so their rows are counted in the table, which a second connection would share.
   */
  private static void checkLoader(Cell cell, Mapping root) throws ScenarioException {
    LoadVariant v = cell.variant();
    Map<String, String> axes = cell.axes();
    String why = null;
    String axis = null;
    if (v.loader() != LoaderKind.COPY) {
      if (v.freeze()) {
        why = "FREEZE is an option of COPY, not of " + v.loader().yamlName();
        axis = Axis.FREEZE.name();
      } else if (axes.containsKey(Axis.FORMAT.name()) && v.format() != CopyFormat.TEXT) {
        why = "the binary format is COPY's; " + v.loader().yamlName() + " binds parameters";
        axis = Axis.FORMAT.name();
      } else if (!v.loader().batched() && axes.containsKey(Axis.BATCH_SIZE.name())) {
        why = "insert sends one row per statement, so batch_size does not apply";
        axis = Axis.BATCH_SIZE.name();
      } else if (v.loader() == LoaderKind.BATCH_REWRITE && v.connections() > 1) {
        why = "batch_rewrite counts its rows in the table, which parallel connections share";
        axis = Axis.CONNECTIONS.name();
      }
    } else if (axes.containsKey(Axis.BATCH_SIZE.name())) {
      why = "COPY streams every row in one statement, so batch_size does not apply";
      axis = Axis.BATCH_SIZE.name();
    } else if (axes.containsKey(Axis.COMMIT_EVERY.name())) {
      why = "COPY loads in one transaction, so commit_every does not apply";
      axis = Axis.COMMIT_EVERY.name();
    }
    if (why == null) {
      return;
    }
    List<String> fix = new ArrayList<>();
    for (String name : List.of(Axis.LOADER.name(), axis)) {
      if (axes.containsKey(name)) {
        fix.add(name + ": " + axes.get(name));
      }
    }
    int line = root.line();
    if (root.optional("matrix") instanceof Mapping matrix) {
      line =
          matrix
              .keyLines()
              .getOrDefault(
                  axis, matrix.keyLines().getOrDefault(Axis.LOADER.name(), matrix.line()));
    }
    throw root.at(
        line,
        "cell "
            + cell.label()
            + " is impossible: "
            + why
            + (fix.isEmpty() ? "" : "; add to exclude: {" + String.join(", ", fix) + "}"));
  }
}
