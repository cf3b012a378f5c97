package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Stored results and reports name a cell by its label, and timings.csv holds its axis values: a
 * change to how cells are made must leave every shipped scenario's cells as they were. The pinned
 * cells were written by the matrix code before axes could collapse.
 */
class ShippedCellsTest {
  static final Path PINNED =
      Path.of("src/test/resources/org/pgloadbench/scenario/shipped-cells.txt");
  static final Path STORED = Path.of("src/test/resources/org/pgloadbench/stored/results");

  /** {@code scenario TAB label TAB axis=value ...}, one line per cell, in the scenario's order. */
  static List<String> lines(String scenario) throws ScenarioException {
    Scenario s =
        ScenarioLoader.load(
            ScenarioFiles.resolve(scenario, ShippedScenariosTest.SCENARIOS), /* trusted= */ false);
    List<String> lines = new ArrayList<>();
    for (Cell cell : s.cells()) {
      List<String> axes = new ArrayList<>();
      cell.axes().forEach((axis, value) -> axes.add(axis + "=" + value));
      lines.add(scenario + "\t" + cell.label() + "\t" + String.join(" ", axes));
    }
    return lines;
  }

  static Map<String, List<String>> pinned() throws IOException {
    Map<String, List<String>> pinned = new LinkedHashMap<>();
    for (String line : Files.readAllLines(PINNED)) {
      if (!line.isBlank() && !line.startsWith("#")) {
        pinned.computeIfAbsent(line.split("\t")[0], k -> new ArrayList<>()).add(line);
      }
    }
    return pinned;
  }

  @Test
  void everyShippedScenarioHasThePinnedCells() throws Exception {
    Map<String, List<String>> pinned = pinned();
    assertThat(pinned).hasSizeGreaterThanOrEqualTo(10);
    for (String scenario : ScenarioFiles.available(ShippedScenariosTest.SCENARIOS)) {
      assertThat(pinned)
          .as(
              "a new scenario: add its cells to %s:%n%s",
              PINNED, String.join("\n", lines(scenario)))
          .containsKey(scenario);
      assertThat(lines(scenario)).as(scenario).isEqualTo(pinned.get(scenario));
    }
  }

  @Test
  void storedRunsNameTheCellsTheirScenarioHasToday() throws Exception {
    List<Path> runs;
    try (Stream<Path> files = Files.walk(STORED)) {
      runs = files.filter(f -> f.getFileName().toString().equals("run.json")).sorted().toList();
    }
    assertThat(runs).isNotEmpty();
    for (Path run : runs) {
      JsonNode scenario = new ObjectMapper().readTree(run.toFile()).get("scenario");
      Map<String, Map<String, String>> stored = new LinkedHashMap<>();
      for (JsonNode cell : scenario.get("cells")) {
        Map<String, String> axes = new LinkedHashMap<>();
        cell.get("axes")
            .fields()
            .forEachRemaining(e -> axes.put(e.getKey(), e.getValue().asText()));
        stored.put(cell.get("label").asText(), axes);
      }
      Map<String, Map<String, String>> today = new LinkedHashMap<>();
      // an axis added since leaves the stored run readable: its cells ran at the axis's default,
      // so today's cell at that default, the axis taken out, is the stored one (e.g. a settings
      // axis added beside the defaults)
      java.util.Set<String> storedAxes = new java.util.HashSet<>();
      stored.values().forEach(a -> storedAxes.addAll(a.keySet()));
      for (Cell c : ScenarioLoader.load(Path.of(scenario.get("source").asText())).cells()) {
        Map<String, String> axes = new LinkedHashMap<>(c.axes());
        boolean atDefaults =
            axes.entrySet()
                .removeIf(
                    e ->
                        !storedAxes.contains(e.getKey())
                            && e.getValue()
                                .equals(Axis.named(e.getKey()).orElseThrow().defaultValue()));
        boolean added = c.axes().keySet().stream().anyMatch(a -> !storedAxes.contains(a));
        if (!added) {
          today.put(c.label(), c.axes());
        } else if (atDefaults && axes.keySet().stream().allMatch(storedAxes::contains)) {
          today.put(Cell.of(axes).label(), axes);
        }
      }
      // a cell dropped since, or an axis that collapsed since (every cell left takes one value of
      // it), leaves the stored run readable; a label that now means other values would not
      stored.forEach(
          (label, axes) -> {
            if (today.containsKey(label)) {
              assertThat(axes).as(run + ": " + label).containsAllEntriesOf(today.get(label));
            }
          });
      assertThat(today.keySet()).as(run.toString()).containsAnyElementsOf(stored.keySet());
    }
  }
}
