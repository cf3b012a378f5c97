package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.server.WorkRoots;

/**
 * {@code reproduce}: two small scenarios (pgbench -i phases, and int arrays loaded by multi-row
 * INSERTs) run in turn on a real server, then one combined report links both reports and counts
 * both verdicts of their claims (the pgbench one's: three rounds give it a verdict, inconclusive at
 * best, and so a size).
 */
@Tag("server")
class ReproduceTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  static final String PGBENCH =
      """
      name: tiny-pgbench
      description: pgbench -i in small.
      dataset: {kind: pgbench, scale: 1}
      servers: {versions: [17]}
      repeat: 3
      warmup: 0
      matrix:
        format: [text, binary]
        freeze: [true]
        pk: [later]
      steps: [drop, create, copy, vacuum_analyze, primary_key]
      claims:
        - claim: binary COPY is faster than text
          source: own expectation
          seed: [1 s, 2 s]
          step: copy
          less: {cell: binary+freeze+pk-later}
          than: {cell: text+freeze+pk-later}
      """;

  static final String ARRAYS =
      """
      name: tiny-arrays
      dataset: {kind: int-arrays, rows: 3000, elements: 10, distribution: zipf, domain: 1000}
      servers: {versions: [17]}
      warmup: 0
      matrix:
        loader: [insert_values, batch]
        batch_size: [100]
        commit_every: [1000]
      steps: [create, copy, vacuum]
      findings: ["batches of 100 | one finding"]
      """;

  @Test
  void runsEachScenarioThenWritesOneReportLinkingTheirs() throws Exception {
    Files.createDirectories(dir.resolve("scenarios"));
    Files.writeString(dir.resolve("scenarios/tiny-pgbench.yaml"), PGBENCH);
    Files.writeString(dir.resolve("scenarios/tiny-arrays.yaml"), ARRAYS);
    int code = run("reproduce", "tiny-pgbench,tiny-arrays", "--scale", "0.01");
    assertThat(code).as(err.toString()).isEqualTo(ExitCode.OK);

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed.lines().filter(l -> l.startsWith("done in "))).hasSize(6);
    assertThat(printed)
        .containsPattern(
            "done in [0-9.]+ s \\(drop tables [0-9.]+ s, create tables [0-9.]+ s, client-side"
                + " generate [0-9.]+ s, vacuum [0-9.]+ s, primary keys [0-9.]+ s\\)\\.")
        .contains("text+freeze+pk-later  AVG done in ");

    List<String> lines = printed.lines().toList();
    Path combined = Path.of(lines.get(lines.size() - 1));
    assertThat(combined).exists().startsWith(dir.resolve("reports/reproduce"));
    String md = Files.readString(combined);
    assertThat(md)
        .contains("## tiny-pgbench")
        .contains("## tiny-arrays")
        .contains("pgbench -i in small.")
        // a finding apart from the claims, escaped as the scenario's report shows it
        .contains("\nFinding of earlier runs: batches of 100 \\| one finding\n")
        .contains("with `SCALE=0.01`")
        .contains("total wall time")
        .contains("| verdict | size |")
        .containsPattern(
            "\\*\\*Claims:\\*\\* direction held \\d, not held \\d, inconclusive \\d; size as"
                + " published \\d, smaller here \\d, larger here \\d, not judged \\d \\(of the 1 with a"
                + " published"
                + " ratio and a verdict\\)\\.");
    Matcher links = Pattern.compile("\\(([^()]+/report\\.md)\\)").matcher(md);
    int found = 0;
    while (links.find()) {
      assertThat(combined.resolveSibling(links.group(1))).exists();
      found++;
    }
    assertThat(found).isGreaterThanOrEqualTo(2);
    // SCALE= reached each scenario's run, not only the combined report's line: 3,000 rows × 0.01
    try (var runs = Files.list(dir.resolve("results/tiny-arrays"))) {
      Map<?, ?> rows =
          (Map<?, ?>)
              ResultStore.readRun(runs.findFirst().orElseThrow()).scenario().dataset().get("rows");
      assertThat(rows.values()).isNotEmpty().allMatch(n -> ((Number) n).longValue() == 30);
    }
    try (var reports = Files.walk(dir.resolve("reports/tiny-pgbench"))) {
      Path pgbenchReport = reports.filter(p -> p.endsWith("report.md")).findFirst().orElseThrow();
      assertThat(Files.readString(pgbenchReport))
          .contains("## pgbench -i phases")
          .contains("AVG done in");
    }
  }

  @Test
  void aBadScenarioStopsEverythingBeforeTheFirstRuns() throws Exception {
    Files.createDirectories(dir.resolve("scenarios"));
    Files.writeString(dir.resolve("scenarios/tiny-pgbench.yaml"), PGBENCH);
    Files.writeString(
        dir.resolve("scenarios/bad.yaml"),
        ARRAYS.replace("loader: [insert_values, batch]", "loader: [batch]\n  freeze: [true]"));
    assertThat(run("reproduce", "tiny-pgbench,bad")).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString()).contains("bad.yaml").contains("is impossible");
    assertThat(dir.resolve("results")).doesNotExist();
  }

  private int run(String... args) {
    String[] all =
        concat(
            args,
            "--scenarios",
            dir.resolve("scenarios").toString(),
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString(),
            "--work-dir",
            WorkRoots.enterable(dir).resolve("servers").toString());
    return Main.run(
        new PrintWriter(out, true, StandardCharsets.UTF_8),
        new PrintWriter(err, true, StandardCharsets.UTF_8),
        all);
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
