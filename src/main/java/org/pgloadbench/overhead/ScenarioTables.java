package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
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
  public record Labelled(String label, Dataset.Table table, String middleFormat) {
    /** The middle format as the label adds it, {@code " (legacy)"}, or empty. */
    private String format() {
      return label.substring(MiddleTable.shortName(table.def().name()).length());
    }

    /**
     * Whether {@code name} picks this table: its short or full name ({@link MiddleTable#names}),
     * with the middle format as the label writes it or without (then the first format's table).
     */
    public boolean answersTo(String name) {
      String withoutFormat =
          !format().isEmpty() && name.endsWith(format())
              ? name.substring(0, name.length() - format().length())
              : name;
      return MiddleTable.names(withoutFormat, table.def().name());
    }
  }

  /**
   * The first of {@code tables} that {@code name} picks ({@link Labelled#answersTo}).
   *
   * @throws ScenarioException naming what to write instead: only names that would be taken
   */
  public static Labelled find(List<Labelled> tables, String name, Scenario scenario)
      throws ScenarioException {
    for (Labelled table : tables) {
      if (table.answersTo(name)) {
        return table;
      }
    }
    Set<String> shortNames = new LinkedHashSet<>();
    Set<String> fullNames = new LinkedHashSet<>();
    for (Labelled table : tables) {
      shortNames.add(MiddleTable.shortName(table.table().def().name()));
      fullNames.add(table.table().def().name());
    }
    fullNames.removeAll(shortNames);
    Labelled last = tables.get(tables.size() - 1);
    throw new ScenarioException(
        "--table '"
            + name
            + "': "
            + scenario.name()
            + " loads no such table; use "
            + String.join(", ", shortNames)
            + (fullNames.isEmpty() ? "" : " (or " + String.join(", ", fullNames) + ")")
            + (last.format().isEmpty()
                ? ""
                : "; add the middle format to choose one, e.g. '" + last.label() + "'"));
  }

  private ScenarioTables() {}

  /** The scenario's tables; {@code notes} hears how preparing the data went (a PBF decode). */
  public static List<Labelled> of(Scenario scenario, Path workRoot, Consumer<String> notes)
      throws IOException, ScenarioException {
    Dataset dataset = scenario.dataset().open(workRoot, notes);
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
}
