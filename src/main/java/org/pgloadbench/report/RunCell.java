package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * One server's cell of a run as the report's tables walk them: servers in the run's order, each
 * one's cells in order, with the server's tables and the steps the cell ran.
 */
record RunCell(
    StoredRun results, String version, String cell, List<String> tables, List<StepKind> steps) {
  /** Every server's cells, in order. */
  static List<RunCell> of(StoredRun results) {
    List<RunCell> cells = new ArrayList<>();
    results.versions().forEach(version -> cells.addAll(of(results, version)));
    return cells;
  }

  /** One server's cells, in order. */
  static List<RunCell> of(StoredRun results, String version) {
    List<String> tables = results.tables(version);
    return results.cells(version).stream()
        .map(cell -> new RunCell(results, version, cell, tables, results.steps(version, cell)))
        .toList();
  }

  /** The same cell with one of its tables alone. */
  RunCell table(String table) {
    return new RunCell(results, version, cell, List.of(table), steps);
  }

  /** A figure of these steps per repetition, the tables summed. */
  Sample sample(Collection<StepKind> of, Function<Measurements, ? extends Number> figure) {
    return results.sample(version, cell, tables, of, figure);
  }

  /** The seconds of these steps per repetition, the tables summed. */
  Sample seconds(Collection<StepKind> of) {
    return sample(of, Measurements::seconds);
  }

  /** The median over repetitions of a figure of these steps, the tables summed; NaN for none. */
  double median(Collection<StepKind> of, Function<Measurements, ? extends Number> figure) {
    return sample(of, figure).median();
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
