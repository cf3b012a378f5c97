package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.Dataset;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.MiddleFormat;

/**
 * The tables a scenario loads, once per middle format its cells use (the other axes do not change
 * the rows): what the head-to-head and {@code dump} work on.
 */
public final class ScenarioTables {
  /** A table with the label reports show: {@code ways}, or {@code ways (legacy)}. */
  public record Labelled(String label, Dataset.Table table) {}

  private ScenarioTables() {}

  public static List<Labelled> of(Scenario scenario, Path workRoot, PrintWriterNotes notes)
      throws IOException, ScenarioException {
    Dataset dataset = scenario.dataset().open(workRoot, notes::note);
    Map<MiddleFormat, LoadVariant> formats = new LinkedHashMap<>();
    for (Cell cell : scenario.cells()) {
      formats.putIfAbsent(cell.variant().middleFormat(), cell.variant());
    }
    List<Labelled> tables = new ArrayList<>();
    for (Map.Entry<MiddleFormat, LoadVariant> format : formats.entrySet()) {
      for (Dataset.Table table : dataset.tables(format.getValue())) {
        String name = MiddleTable.shortName(table.def().name());
        tables.add(
            new Labelled(
                formats.size() > 1 || format.getKey() != MiddleFormat.NEW
                    ? name + " (" + format.getKey().yamlName() + ")"
                    : name,
                table));
      }
    }
    return tables;
  }

  /** Where notes of preparing the data go (decoding a PBF file, say). */
  @FunctionalInterface
  public interface PrintWriterNotes {
    void note(String line);
  }
}
