package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pgloadbench.recipe.StepKind;

/**
 * The reference tables of docs/scenarios.md and docs/datasets-and-loaders.md held to the loader's
 * own lists: every key of a scenario, every axis (with its default, values and labels) and every
 * key of every dataset kind, so that a key or axis added to the loader without a row, or a row the
 * loader no longer takes, fails here.
 */
class ReferenceTablesTest {
  static final Path SCENARIOS = Path.of("docs/scenarios.md");
  static final Path DATASETS = Path.of("docs/datasets-and-loaders.md");

  @Test
  void theKeysOfAScenarioAreTheLoadersKeys() throws IOException {
    List<List<String>> rows = table(SCENARIOS, "## The keys of a scenario");
    assertThat(rows).extracting(r -> code(r.get(0))).isEqualTo(ScenarioKeys.KEYS.names());
    assertThat(rows).allSatisfy(r -> assertThat(r.get(1)).as(r.get(0)).isNotBlank());
  }

  @Test
  void theServersKeysAndTheStepsAreTheLoadersToo() throws IOException {
    List<String> servers =
        table(SCENARIOS, "## The keys of a scenario").stream()
            .filter(r -> r.get(0).equals("`servers`"))
            .findFirst()
            .map(r -> codes(r.get(1)))
            .orElseThrow();
    assertThat(servers).isEqualTo(ServersSection.KEYS.names());
    assertThat(table(SCENARIOS, "## Steps"))
        .extracting(r -> code(r.get(0)))
        .isEqualTo(StepKind.names());
  }

  @Test
  void theAxesTableHasEveryAxisWithItsDefaultValuesAndLabels() throws IOException {
    List<List<String>> rows = table(SCENARIOS, "## The axes");
    assertThat(rows).extracting(r -> code(r.get(0))).isEqualTo(Axis.names());
    for (List<String> row : rows) {
      Axis<?> axis = Axis.named(code(row.get(0))).orElseThrow();
      assertThat(code(row.get(2))).as(axis + "'s default").isEqualTo(axis.defaultValue());
      List<String> values = codes(row.get(1));
      assertThat(values).as(axis + "'s values").isNotEmpty();
      assertThat(values).allSatisfy(v -> assertThat(axis.parse(v)).as(axis + ": " + v).isPresent());
      // an axis of a few values lists them all (a value spelt two ways, on and true, once)
      for (String accepted : axis.accepts().values()) {
        assertThat(values)
            .as(axis + " lists " + accepted + " or its equal")
            .anyMatch(v -> axis.parse(v).equals(axis.parse(accepted)));
      }
      // a claim names whole cells, so a matrix axis left at its default shows in the label too
      assertThat(code(row.get(3)))
          .as(axis + "'s default's label")
          .isEqualTo(axis.label(axis.defaultValue()));
      Matcher label = Pattern.compile("^`([^`]+)` → `([^`]+)`$").matcher(row.get(4));
      assertThat(label.matches()).as(axis + "'s label column: `value` → `label`").isTrue();
      assertThat(axis.parse(label.group(1))).as(axis + ": " + label.group(1)).isPresent();
      assertThat(axis.label(label.group(1))).as(axis + "'s label").isEqualTo(label.group(2));
      assertThat(row.get(5)).as(axis + ": what it varies").isNotBlank();
    }
  }

  @Test
  void theKeysOfEachDatasetKindAreTheLoadersKeys() throws IOException {
    Map<String, List<String>> documented = new LinkedHashMap<>();
    Map<String, List<String>> choices =
        Map.of(
            "distribution", DatasetKinds.DISTRIBUTIONS,
            "shape", DatasetKinds.SHAPES,
            "geometry", DatasetKinds.GEOMETRIES);
    for (List<String> row : table(DATASETS, "## The keys of each kind")) {
      documented.computeIfAbsent(code(row.get(0)), k -> new ArrayList<>()).add(code(row.get(1)));
      assertThat(row.get(2)).as(row.get(0) + " " + row.get(1)).isNotBlank();
      List<String> choice = choices.get(code(row.get(1)));
      if (choice != null) {
        assertThat(codes(row.get(2))).as(row.get(0) + " " + row.get(1)).containsAll(choice);
      }
    }
    assertThat(documented.keySet()).containsExactlyElementsOf(DatasetKinds.names());
    for (String kind : DatasetKinds.names()) {
      List<String> keys = new ArrayList<>(DatasetKinds.named(kind).keyNames());
      keys.remove("kind"); // every kind's first key, said once above the table
      assertThat(documented.get(kind)).as(kind + "'s keys").isEqualTo(keys);
    }
  }

  /** The cells of the first table under {@code heading}, header and rule left out. */
  static List<List<String>> table(Path page, String heading) throws IOException {
    List<String> lines = Files.readAllLines(page);
    int at = lines.indexOf(heading);
    assertThat(at).as(page + ": '" + heading + "'").isNotNegative();
    List<List<String>> rows = new ArrayList<>();
    boolean started = false;
    for (String line : lines.subList(at + 1, lines.size())) {
      if (line.startsWith("|")) {
        started = true;
        List<String> cells = new ArrayList<>();
        for (String cell : line.substring(1, line.length() - 1).split(" \\| ", -1)) {
          cells.add(cell.strip());
        }
        rows.add(cells);
      } else if (started || line.startsWith("#")) {
        break;
      }
    }
    assertThat(rows).as(page + ": the table under '" + heading + "'").hasSizeGreaterThan(2);
    return rows.subList(2, rows.size());
  }

  /** The one code span a cell holds, e.g. {@code `format`}. */
  static String code(String cell) {
    assertThat(cell).as("a cell holding one code span").matches("`[^`]+`");
    return cell.substring(1, cell.length() - 1);
  }

  static List<String> codes(String cell) {
    List<String> codes = new ArrayList<>();
    Matcher m = Pattern.compile("`([^`]+)`").matcher(cell);
    while (m.find()) {
      codes.add(m.group(1));
    }
    return codes;
  }
}
