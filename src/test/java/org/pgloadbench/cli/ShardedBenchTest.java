package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.server.WorkRoots;

/**
 * Two shards of one plan run at once as separate processes, each with its own work directory (two
 * machines but for the hardware), into one results tree; their group joined into one report.
 */
@Tag("server")
class ShardedBenchTest {
  @TempDir Path dir;

  private static final String SCENARIO =
      """
      name: sharded
      dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 20000}}
      servers: {versions: [16, 17]}
      warmup: 0
      repeat: 3
      restart: never
      matrix:
        format: [text, binary]
      steps: [create, copy]
      """;

  @Test
  void twoShardsAsTwoProcessesJoinIntoOneGroupReport() throws Exception {
    Path scenario = Files.writeString(dir.resolve("sharded.yaml"), SCENARIO);
    Path results = dir.resolve("results");
    List<Process> shards = new ArrayList<>();
    for (int shard = 1; shard <= 2; shard++) {
      shards.add(bench(scenario, results, shard));
    }
    for (Process shard : shards) {
      assertThat(shard.waitFor(10, TimeUnit.MINUTES)).isTrue();
      assertThat(shard.exitValue()).as(Files.readString(dir.resolve("output.txt"))).isZero();
    }
    List<Path> runs = runs(results.resolve("sharded"));
    assertThat(runs).hasSize(2);
    List<RunManifest> manifests = new ArrayList<>();
    for (Path run : runs) {
      manifests.add(ResultStore.readRun(run));
    }
    String group = manifests.get(0).group();
    assertThat(group).matches("[0-9a-f]{12}");
    assertThat(manifests).allSatisfy(m -> assertThat(m.group()).isEqualTo(group));
    assertThat(manifests.stream().map(m -> m.shard() + "/" + m.shards()))
        .containsExactlyInAnyOrder("1/2", "2/2");
    // each shard ran its own server and a control of it
    Path first = runs.stream().filter(r -> r.toString().endsWith("shard1of2")).findFirst().get();
    Path second = runs.stream().filter(r -> r.toString().endsWith("shard2of2")).findFirst().get();
    // (results name a server by the version it ran, 16.10)
    String v16 = serverLabels(first).get(0);
    String v17 = serverLabels(second).get(0);
    assertThat(v16).startsWith("16.");
    assertThat(v17).startsWith("17.");
    assertThat(serverLabels(first)).containsExactly(v16, v16 + "-control");
    assertThat(serverLabels(second)).containsExactly(v17, v17 + "-control");
    // the second shard as another machine would record it
    ObjectMapper json = new ObjectMapper();
    ObjectNode run = (ObjectNode) json.readTree(second.resolve(ResultStore.RUN).toFile());
    ((ObjectNode) run.get("environment")).put("cpu_model", "Other CPU | 64 cores");
    json.writeValue(second.resolve(ResultStore.RUN).toFile(), run);

    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = group(out, err, group, results.resolve("sharded").toString());
    assertThat(code).as(err.toString()).isZero();
    Path report = dir.resolve("reports/group").resolve(group).resolve("report.md");
    assertThat(out.toString().strip()).endsWith(report.toString());
    String text = Files.readString(report);
    assertThat(text)
        .contains("# Group " + group + ": sharded", "run on 2 machine(s)")
        .contains("| 1/2 |", "| " + v16 + ", " + v16 + "-control |")
        .contains("| 2/2 |", "| " + v17 + ", " + v17 + "-control |")
        .contains("Other CPU \\| 64 cores", "[shard 1](shard-1/report.md)")
        .contains("Across machines: unpaired", "**unpaired**", "Mann-Whitney")
        .contains("| text | " + v16 + " (shard 1) | " + v17 + " (shard 2) |")
        .contains("| binary | " + v16 + " (shard 1) | " + v17 + " (shard 2) |");
    assertThat(dir.resolve("reports/group").resolve(group).resolve("shard-2/report.md")).exists();

    // refused in one line: a shard missing, twice, or of another scenario
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Files.move(second, elsewhere.resolve(second.getFileName()));
    assertThat(group(out, err = new StringWriter(), group, results.toString())).isEqualTo(2);
    assertThat(err.toString()).isEqualTo(
        "GROUP=" + group + ": shard 2/2 missing under " + results + "; run it (SHARD=2/2 GROUP="
            + group + ") or add its results to RUNS=\n");
    copy(first, elsewhere.resolve("copy-of-1"));
    assertThat(group(out, err = new StringWriter(), group, results.toString(), elsewhere.toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("shard 1/2 (").contains(" is there twice, also in ");
    Path other = elsewhere.resolve("copy-of-1");
    ObjectNode changed = (ObjectNode) json.readTree(other.resolve(ResultStore.RUN).toFile());
    ((ObjectNode) changed.get("scenario")).put("repeat", 9);
    changed.put("shard", 2);
    json.writeValue(other.resolve(ResultStore.RUN).toFile(), changed);
    assertThat(group(out, err = new StringWriter(), group, results.toString(), other.toString()))
        .isEqualTo(2);
    assertThat(err.toString())
        .startsWith("GROUP=" + group + ": shard 2/2 (" + other + ") ran scenario sharded with"
            + " another repeat than shard 1/2")
        .hasLineCount(1);
  }

  private Process bench(Path scenario, Path results, int shard) throws Exception {
    return new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
            "-Dpgloadbench.postgres.jars=" + System.getProperty("pgloadbench.postgres.jars"),
            Main.class.getName(),
            "bench",
            scenario.toString(),
            "--shard",
            shard + "/2",
            "--work-dir",
            WorkRoots.enterable(dir).resolve("machine-" + shard).toString(),
            "--results",
            results.toString(),
            "--reports",
            dir.resolve("reports").toString())
        .redirectErrorStream(true)
        .redirectOutput(
            ProcessBuilder.Redirect.appendTo(dir.resolve("output.txt").toFile()))
        .start();
  }

  private int group(StringWriter out, StringWriter err, String... args) {
    String[] all = Stream.concat(Stream.of("group"), Stream.of(args)).toArray(String[]::new);
    List<String> withReports = new ArrayList<>(List.of(all));
    withReports.add("--reports");
    withReports.add(dir.resolve("reports").toString());
    return Main.run(
        new PrintWriter(out, true), new PrintWriter(err, true), withReports.toArray(String[]::new));
  }

  private static List<String> serverLabels(Path run) throws Exception {
    return ResultStore.readSteps(run).stream()
        .map(s -> s.server())
        .distinct()
        .sorted()
        .toList();
  }

  private static List<Path> runs(Path scenarioResults) throws Exception {
    try (Stream<Path> runs = Files.list(scenarioResults)) {
      return runs.sorted().toList();
    }
  }

  private static void copy(Path from, Path to) throws Exception {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : files.toList()) {
        Files.copy(file, to.resolve(file.getFileName()));
      }
    }
  }
}
