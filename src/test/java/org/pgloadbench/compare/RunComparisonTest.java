package org.pgloadbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.analysis.Comparison.Verdict;
import org.pgloadbench.cli.Main;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.results.TestSteps;

class RunComparisonTest {
  static final Path GOLDEN = Path.of("src/test/resources/org/pgloadbench/compare");

  @TempDir Path root;

  @Test
  void rowsMatchByVersionCellTableAndStepAndOneSidedOnesAreListed() throws IOException {
    Path base =
        run(
            "base",
            "17.6",
            Map.of("format", "text"),
            new double[] {2.0, 2.1, 2.2, 2.05, 2.15},
            true);
    Path other =
        run(
            "new",
            "17.6",
            Map.of("format", "text"),
            new double[] {2.6, 2.8, 2.7, 2.75, 2.65},
            false);
    RunComparison comparison = RunComparison.of(StoredRun.load(base), StoredRun.load(other));

    assertThat(comparison.setAside()).isEmpty();
    assertThat(comparison.rows())
        .extracting(RunComparison.Row::step)
        .containsExactly("create", "copy", "create", "copy", "total");
    RunComparison.Row copy = comparison.rows().get(1);
    assertThat(copy.comparison().verdict()).isEqualTo(Verdict.HIGHER);
    assertThat(copy.deltaPercent())
        .isCloseTo(100 * (2.7 / 2.1 - 1), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(comparison.rows().get(0).comparison().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(comparison.onlyBase()).containsExactly("PostgreSQL 17.6 · text · rels · analyze");
    assertThat(comparison.onlyNew()).isEmpty();
    assertThat(comparison.slowerThan(5, false))
        .extracting(RunComparison.Row::step)
        .contains("copy", "total");
    assertThat(comparison.slowerThan(50, false)).isEmpty();

    String markdown = CompareReport.markdown(comparison);
    Path golden = GOLDEN.resolve("compare.golden.md");
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, markdown, StandardCharsets.UTF_8);
    }
    assertThat(markdown).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    assertThat(CompareReport.text(comparison))
        .contains("only in base: PostgreSQL 17.6 · text · rels · analyze")
        .contains("5 row(s): 0 faster, 2 slower, 3 with no significant difference.");
  }

  /** One run all text on 16, the other all binary on 17: matched with both set aside. */
  @Test
  void anAxisFixedOnEachSideAndASingleVersionEachAreSetAsideToMatch() throws IOException {
    Path base =
        run(
            "base",
            "16.10",
            Map.of("format", "text"),
            new double[] {2.0, 2.1, 2.2, 2.05, 2.15},
            false);
    Path other =
        run(
            "new",
            "17.6",
            Map.of("format", "binary"),
            new double[] {1.6, 1.7, 1.65, 1.75, 1.62},
            false);
    RunComparison comparison = RunComparison.of(StoredRun.load(base), StoredRun.load(other));

    assertThat(comparison.setAside())
        .containsExactly("PostgreSQL 16.10 → 17.6", "format: text → binary");
    assertThat(comparison.onlyBase()).isEmpty();
    assertThat(comparison.onlyNew()).isEmpty();
    assertThat(comparison.rows()).hasSize(5);
    assertThat(comparison.rows().get(1).cell()).isEqualTo("default");
    assertThat(comparison.rows().get(1).comparison().verdict()).isEqualTo(Verdict.LOWER);
    assertThat(CompareReport.text(comparison))
        .contains("matched across format: text → binary")
        .contains("faster");
  }

  /**
   * A step of milliseconds slower on the new side, the total not: the whole comparison fails the
   * threshold, {@code --fail-on total} does not (a patch check asks about the load as a whole).
   */
  @Test
  void failOnTotalChecksOnlyTheTotalsOfEachVersionAndCell() throws IOException {
    double[] same = {2.0, 2.1, 2.2, 2.05, 2.15};
    Path base = run("base", "17.6", Map.of("format", "text"), same, false, 0.001);
    Path other = run("new", "17.6", Map.of("format", "text"), same, false, 0.002);
    RunComparison comparison = RunComparison.of(StoredRun.load(base), StoredRun.load(other));

    assertThat(comparison.slowerThan(5, false))
        .extracting(RunComparison.Row::step)
        .contains("create");
    assertThat(comparison.slowerThan(5, true)).isEmpty();
    assertThat(compare(base, other, "--fail-on", "total")).isZero();
    assertThat(compare(base, other, "--fail-on", "all")).isEqualTo(1);
    assertThat(compare(base, other)).isEqualTo(1);
    assertThat(compare(base, other, "--fail-on", "totals")).isEqualTo(2);
  }

  private int compare(Path base, Path other, String... options) {
    List<String> args = new ArrayList<>(List.of("compare", base.toString(), other.toString()));
    args.addAll(List.of("--fail-above", "5", "--out", root.resolve("compare").toString()));
    args.addAll(List.of(options));
    StringWriter out = new StringWriter();
    return Main.run(new PrintWriter(out), new PrintWriter(out), args.toArray(String[]::new));
  }

  /** A run of one cell over tables ways and rels, five repetitions; copy of ways as given. */
  private Path run(
      String name, String version, Map<String, String> axes, double[] waysCopy, boolean analyze)
      throws IOException {
    return run(name, version, axes, waysCopy, analyze, 0.01);
  }

  /** As above, each create taking {@code create} seconds. */
  private Path run(
      String name,
      String version,
      Map<String, String> axes,
      double[] waysCopy,
      boolean analyze,
      double create)
      throws IOException {
    Path dir = root.resolve(name).resolve("results/s").resolve("run-" + name);
    String cell = String.join("+", axes.values());
    try (ResultStore store = ResultStore.create(dir, List.copyOf(axes.keySet()))) {
      store.writeRun(
          new ObjectMapper().readValue("{\"scenario\": {\"name\": \"s\"}}", RunManifest.class));
      for (int rep = 1; rep <= 5; rep++) {
        for (String table : List.of("planet_osm_ways", "planet_osm_rels")) {
          boolean ways = table.endsWith("ways");
          store.append(step(version, cell, axes, rep, table, "create", create));
          store.append(
              step(
                  version,
                  cell,
                  axes,
                  rep,
                  table,
                  "copy",
                  ways ? waysCopy[rep - 1] : 0.5 + rep / 100.0));
          if (analyze && !ways) {
            store.append(step(version, cell, axes, rep, table, "analyze", 0.1));
          }
        }
      }
    }
    return dir;
  }

  private static StepResult step(
      String version,
      String cell,
      Map<String, String> axes,
      int rep,
      String table,
      String step,
      double seconds) {
    return TestSteps.ok(version, cell, axes, rep, table, step, seconds, null);
  }
}
