package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.variant.LoaderKind;

/**
 * An axis that does not apply to a cell's loader collapses in that cell: no exclude entries for
 * COPY's batch size, while truly impossible cells keep their one-line error.
 */
class CollapsedAxesTest {
  @TempDir Path dir;

  static final String HEAD =
      """
      name: loaders
      dataset: {kind: int-arrays, rows: 1000, elements: 10}
      servers: {versions: [17]}
      steps: [create, copy]
      """;

  /** The matrix, which needed three exclude entries and then failed on the fourth. */
  static final String LOADERS =
      """
      matrix:
        loader: [copy, insert, insert_values, batch]
        batch_size: [100, 1000]
        commit_every: [1000, all]
      """;

  Scenario load(String yaml) throws Exception {
    return ScenarioLoader.load(Files.writeString(dir.resolve("x.yaml"), HEAD + yaml));
  }

  String error(String yaml) {
    String message = catchThrowableOfType(ScenarioException.class, () -> load(yaml)).getMessage();
    assertThat(message).startsWith(dir.resolve("x.yaml") + ":").doesNotContain("\n");
    return message.substring(dir.resolve("x.yaml").toString().length() + 1);
  }

  @Test
  void aLoaderMatrixRunsWithoutExcludesEachCellOnce() throws Exception {
    Scenario s = load(LOADERS);
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly(
            "copy",
            "insert+commit-1000",
            "insert+commit-all",
            "insert-values+batch-100+commit-1000",
            "insert-values+batch-100+commit-all",
            "insert-values+batch-1000+commit-1000",
            "insert-values+batch-1000+commit-all",
            "batch+batch-100+commit-1000",
            "batch+batch-100+commit-all",
            "batch+batch-1000+commit-1000",
            "batch+batch-1000+commit-all");
    assertThat(s.axes()).containsExactly("loader", "batch_size", "commit_every");
    assertThat(s.cells().get(0).axes()).isEqualTo(Map.of("loader", "copy"));
    assertThat(s.cells().get(1).axes())
        .isEqualTo(Map.of("loader", "insert", "commit_every", "1000"));
    assertThat(s.cells().get(1).variant().commitEvery()).isEqualTo(1000L);
    assertThat(s.cells().get(4).variant())
        .extracting(v -> List.of(v.loader(), v.batchSize(), v.commitEvery()))
        .isEqualTo(List.of(LoaderKind.INSERT_VALUES, 100, 0L));
    assertThat(s.cells()).extracting(Cell::variant).doesNotHaveDuplicates();
  }

  @Test
  void excludeNamesTheCollapsedCells() throws Exception {
    assertThat(load(LOADERS + "exclude:\n  - {loader: insert}\n").cells())
        .extracting(Cell::label)
        .hasSize(9)
        .contains("copy")
        .noneMatch(l -> l.startsWith("insert+"));
  }

  /** A scenario shared before axes collapsed, its exclude naming COPY's batch size. */
  static final Path SHARED =
      Path.of("src/test/resources/org/pgloadbench/scenario/shared/redundant-exclude.yaml");

  @Test
  void aRedundantExcludeEntryIsAcceptedWithANoteAndTheCellsAsWithoutIt() throws Exception {
    Scenario shared = ScenarioLoader.load(SHARED);
    assertThat(shared.notes())
        .containsExactly(
            SHARED
                + ":13: exclude[0]: names batch_size with loader copy, whose cells have none (COPY"
                + " streams every row in one statement); it drops no cell; remove batch_size from"
                + " the entry");
    // the entry once dropped the copy cells of batch size 100, and a copy cell of 1000 stayed
    assertThat(shared.cells()).isEqualTo(load(LOADERS).cells());
    assertThat(shared.cells()).extracting(Cell::label).hasSize(11).contains("copy");
    assertThat(ScenarioSchemaTest.judge(SHARED)).contains(List.of());
    assertThat(load(LOADERS).notes()).isEmpty();
  }

  @Test
  void aRedundantEntryThatOnceDroppedEveryCopyCellStillDoes() throws Exception {
    String onlyHundred =
        """
        matrix:
          loader: [copy, insert_values]
          batch_size: [100]
        exclude:
          - {loader: copy, batch_size: 100}
        """;
    Scenario s = load(onlyHundred);
    assertThat(s.cells()).extracting(Cell::label).containsExactly("insert-values+batch-100");
    assertThat(s.notes())
        .singleElement(as(InstanceOfAssertFactories.STRING))
        .endsWith(
            ":9: exclude[0]: names batch_size with loader copy, whose cells have none (COPY"
                + " streams every row in one statement); it drops copy; remove batch_size from the"
                + " entry");
    // what the redundant form does not excuse: a copy cell gone already, a value not in the matrix
    assertThat(
            error(LOADERS + "exclude:\n  - {loader: copy}\n  - {loader: copy, batch_size: 100}\n"))
        .isEqualTo(
            "11: exclude[1]: names batch_size with loader copy, whose cells have none (COPY"
                + " streams every row in one statement); remove batch_size from the entry");
    assertThat(error(LOADERS + "exclude:\n  - {loader: copy, batch_size: 7}\n"))
        .startsWith("10: exclude[0].batch_size: '7' is not among the values of matrix.batch_size");
  }

  @Test
  void trulyImpossibleCellsKeepTheirError() {
    assertThat(error("matrix:\n  loader: [copy, insert]\n  freeze: [false, true]\n"))
        .isEqualTo(
            "7: cell insert+freeze is impossible: FREEZE is an option of COPY, not of insert;"
                + " add to exclude: {loader: insert, freeze: true}");
    assertThat(error("matrix:\n  loader: [copy, batch]\n  format: [text, binary]\n"))
        .isEqualTo(
            "7: cell batch+binary is impossible: the binary format is COPY's; batch binds"
                + " parameters; add to exclude: {loader: batch, format: binary}");
    assertThat(error("matrix:\n  freeze: [true]\n  connections: [2]\n  batch_size: [10]\n"))
        .startsWith("8: matrix.batch_size: applies to no cell: COPY streams every row");
    assertThat(error("matrix:\n  freeze: [false, true]\n  connections: [1, 2]\n"))
        .startsWith("6: cell freeze+conn-2 is impossible: COPY FREEZE needs the table created");
  }

  @Test
  void namedCellsBesideSuchAMatrixLeaveOutWhatDoesNotApply() throws Exception {
    Scenario s =
        load(
            LOADERS
                + "cells:\n"
                + "  plain: {loader: copy, pk: later}\n"
                + "  one: {loader: insert, pk: later}\n");
    Cell plain = s.cells().get(s.cells().size() - 2);
    assertThat(plain.label()).isEqualTo("plain");
    assertThat(plain.axes()).isEqualTo(Map.of("loader", "copy", "pk", "later"));
    assertThat(s.cells().get(s.cells().size() - 1).axes())
        .isEqualTo(Map.of("loader", "insert", "commit_every", "all", "pk", "later"));
    // a value written by hand where it means nothing is a slip, not a collapse
    assertThat(error("cells:\n  a: {loader: copy, commit_every: 10}\n"))
        .isEqualTo(
            "6: cells.a: commit_every does not apply to loader copy (COPY loads in one"
                + " transaction); remove commit_every");
  }
}
