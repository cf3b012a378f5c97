package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.report.Inert;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.run.Bench;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runner;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.LentServer;
import org.pgloadbench.server.PostgresServer;

/**
 * The scenarios of {@code hostile/inert-*.yaml}, each with HTML, links, '|', line breaks or
 * backticks in what a scenario may write (description, claims, cell names, the PBF file's name),
 * run for real and reported: report.html runs nothing and shows every string as text, report.md,
 * comment.md and the reproduce report keep their tables and comment.md its Mermaid chart. One
 * server serves them all.
 */
@Tag("server")
class HostileScenarioTest {
  static final Path HOSTILE = Path.of("src/test/resources/org/pgloadbench/hostile");
  static final Path PBF = Path.of("data/liechtenstein-2013-08-03.osm.pbf");

  @TempDir static Path dir;
  static PostgresServer server;

  @BeforeAll
  static void startOneServer() throws Exception {
    // passable by the servers' OS user when the tests run as root
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
    server = Embedded.target(dir.resolve("servers")).start("17", Map.of());
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  static Stream<Path> inertScenarios() throws IOException {
    List<Path> files;
    try (Stream<Path> all = Files.list(HOSTILE)) {
      files =
          all.filter(f -> f.getFileName().toString().matches("inert-.*\\.yaml")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(6);
    return files.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inertScenarios")
  void reportsShowTheScenariosStringsAsTextOnly(Path file) throws Exception {
    Scenario scenario = ScenarioLoader.load(copy(file));
    Path runDir = dir.resolve("results").resolve(scenario.name()).resolve("run");
    StringWriter progress = new StringWriter();
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures =
          new Runner(
                  scenario,
                  scenario.dataset().open(dir.resolve("work"), n -> {}),
                  new LentServer(server),
                  store,
                  Progress.lines(new PrintWriter(progress)),
                  "run")
              .run();
    }
    assertThat(failures).as(progress.toString()).isZero();
    Path reports = dir.resolve("reports").resolve(scenario.name());
    Path report = MarkdownReport.write(runDir, reports, null);
    String markdown = Files.readString(report);
    String comment = Files.readString(reports.resolve("comment.md"));
    String html = Files.readString(reports.resolve("report.html"));
    String reproduce =
        ReproduceCommand.render(
            List.of(
                new ReproduceCommand.Done(
                    scenario,
                    new Bench.Done(null, report, failures, false),
                    1,
                    Answer.of(StoredRun.load(runDir)).claims(),
                    true,
                    List.of())),
            1,
            dir.resolve("reports/reproduce"),
            "");

    Inert.assertHtml(html);
    Inert.assertMarkdown(markdown);
    Inert.assertMarkdown(comment);
    Inert.assertMermaid(comment);
    Inert.assertMarkdown(reproduce);
    // every string of the scenario shows, as the text it is
    String page = Jsoup.parse(html).body().text();
    for (String shown : List.of(page, Inert.shown(markdown))) {
      assertThat(shown).contains(scenarioStrings(scenario));
    }
    assertThat(Inert.shown(reproduce))
        .contains(norm(scenario.description()))
        .contains(claimStrings(scenario));
    assertThat(Inert.shown(comment)).contains(claimStrings(scenario));
  }

  /** The scenario in a directory of its own, beside the PBF file it names, if any. */
  private static Path copy(Path file) throws IOException {
    Path own = Files.createDirectories(dir.resolve("scenarios").resolve(file.getFileName()));
    Path copy = Files.copy(file, own.resolve(file.getFileName()));
    Map<?, ?> dataset =
        (Map<?, ?>)
            new ObjectMapper(new YAMLFactory()).readValue(file.toFile(), Map.class).get("dataset");
    if (dataset.get("file") instanceof String name) {
      Files.copy(PBF, own.resolve(name));
    }
    return copy;
  }

  private static String[] scenarioStrings(Scenario scenario) {
    List<String> strings = new ArrayList<>(List.of(claimStrings(scenario)));
    strings.add(norm(scenario.description()));
    scenario.cells().forEach(c -> strings.add(c.label()));
    if (scenario.dataset() instanceof OsmPbfDataset.Spec pbf) {
      strings.add("data: " + pbf.file().getFileName());
    }
    return strings.toArray(String[]::new);
  }

  private static String[] claimStrings(Scenario scenario) {
    List<String> strings = new ArrayList<>();
    for (Claim claim : scenario.claims()) {
      strings.add(norm(claim.claim()));
      strings.add(norm(claim.source()));
      if (claim.seed() != null) {
        strings.add(norm(claim.seed()));
      }
    }
    return strings.toArray(String[]::new);
  }

  /** A string as a browser shows it: every run of whitespace one space. */
  private static String norm(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }
}
