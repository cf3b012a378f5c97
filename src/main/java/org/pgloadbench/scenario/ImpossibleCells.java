package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;

/**
 * Cells that would fail on every run, refused when the scenario is read. The axes that merely do
 * not apply to a cell's loader collapse instead ({@link Matrix#notApplying}).
 */
final class ImpossibleCells {
  private ImpossibleCells() {}

  /**
   * Why a cell cannot run.
   *
   * @param axis the axis to point at and to change in a named cell
   * @param fixAxes the axes an exclude entry names, in the order the message gives them
   * @param namedFix what a named cell changes
   */
  record Problem(String why, String axis, List<String> fixAxes, String namedFix) {}

  /**
   * Null when the cell can run. COPY FREEZE only works in the transaction that created or truncated
   * the table, and a second connection has a transaction of its own. FREEZE and the binary format
   * are COPY's; rewritten batches report no row counts, so their rows are counted in the table,
   * which a second connection would share.
   */
  static Problem of(Cell cell) {
    LoadVariant v = cell.variant();
    String freeze = Axis.FREEZE.name();
    String connections = Axis.CONNECTIONS.name();
    if (v.freeze() && v.connections() > 1) {
      return new Problem(
          "COPY FREEZE needs the table created in the same transaction,"
              + " which a second connection cannot join",
          freeze,
          List.of(freeze, connections),
          "use freeze: false or connections: 1");
    }
    String why = null;
    String axis = null;
    if (v.loader() == LoaderKind.COPY) {
      return null;
    } else if (v.freeze()) {
      why = "FREEZE is an option of COPY, not of " + v.loader().yamlName();
      axis = freeze;
    } else if (cell.axes().containsKey(Axis.FORMAT.name()) && v.format() != CopyFormat.TEXT) {
      why = "the binary format is COPY's; " + v.loader().yamlName() + " binds parameters";
      axis = Axis.FORMAT.name();
    } else if (v.loader() == LoaderKind.BATCH_REWRITE && v.connections() > 1) {
      why = "batch_rewrite counts its rows in the table, which parallel connections share";
      axis = connections;
    } else {
      return null;
    }
    return new Problem(why, axis, List.of(Axis.LOADER.name(), axis), "remove " + axis);
  }

  /** Refuses a matrix cell that cannot run, at the line of the axis that makes it so. */
  static void check(Cell cell, Mapping root) throws ScenarioException {
    Problem problem = of(cell);
    if (problem == null) {
      return;
    }
    List<String> fix = new ArrayList<>();
    for (String name : problem.fixAxes()) {
      if (cell.axes().containsKey(name)) {
        fix.add(name + ": " + cell.axes().get(name));
      }
    }
    // Point at the axis; if a default made the cell impossible, at the other one in the matrix.
    int line = root.line();
    if (root.optional("matrix") instanceof Mapping matrix) {
      String other =
          problem.fixAxes().stream().filter(a -> !a.equals(problem.axis())).findFirst().get();
      line =
          matrix
              .keyLines()
              .getOrDefault(problem.axis(), matrix.keyLines().getOrDefault(other, matrix.line()));
    }
    throw root.at(
        line,
        "cell "
            + cell.label()
            + " is impossible: "
            + problem.why()
            + (fix.isEmpty() ? "" : "; add to exclude: {" + String.join(", ", fix) + "}"));
  }
}
