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
  /**
   * A table with the label reports show: {@code ways}, or {@code ways (legacy)}.
   *
   * @param middleFormat the middle format the label names, or null
   */
  public record Labelled(String label, Dataset.Table table, String middleFormat) {}

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
      // named where the scenario has several, or only the legacy one
      String named =
          formats.size() > 1 || format.getKey() != MiddleFormat.NEW
              ? format.getKey().yamlName()
              : null;
      for (Dataset.Table table : dataset.tables(format.getValue())) {
        tables.add(new Labelled(label(table.def().name(), named), table, named));
      }
    }
    return tables;
  }

  /** {@code ways}, or with the middle format named ({@code null}: not), {@code ways (legacy)}. */
  public static String label(String table, String middleFormat) {
    String name = MiddleTable.shortName(table);
    return middleFormat == null ? name : name + " (" + middleFormat + ")";
  }

  /** Where notes of preparing the data go (decoding a PBF file, say). */
  @FunctionalInterface
  public interface PrintWriterNotes {
    void note(String line);
  }
}
