package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.StoredRun;

/**
 * One server's cell of a run as the report's tables walk them: servers in the run's order, each one's
 * cells in order, with the server's tables and the steps the cell ran.
 */
record RunCell(String version, String cell, List<String> tables, List<StepKind> steps) {
  /** Every server's cells, in order. */
  static List<RunCell> of(StoredRun results) {
    List<RunCell> cells = new ArrayList<>();
    for (String version : results.versions()) {
      for (String cell : results.cells(version)) {
        cells.add(
            new RunCell(version, cell, results.tables(version), results.steps(version, cell)));
      }
    }
    return cells;
  }

  /**
   * The cell's rows of a table by step: each step alone under its name, then all of them as {@code
   * **total**} when there are several.
   */
  void stepsThenTotal(BiConsumer<String, List<StepKind>> row) {
    steps.forEach(step -> row.accept(step.yamlName(), List.of(step)));
    if (steps.size() > 1) {
      row.accept("**total**", steps);
    }
  }
}
