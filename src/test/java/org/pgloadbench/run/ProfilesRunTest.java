package org.pgloadbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.Environment;
import org.pgloadbench.server.WorkRoots;
import org.pgloadbench.variant.SettingsProfile;

/** Settings profiles on real servers: one start per profile, the settings in force recorded. */
@Tag("server")
class ProfilesRunTest {
  @TempDir Path dir;

  @Test
  void eachProfileIsAServerStartWithItsSettingsInForceOn14And18() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("profiles.yaml"),
            """
            name: profiles
            dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 80000}, seed: 3}
            servers: {versions: [14, 18]}
            settings: {max_wal_size: 2GB}
            warmup: 0
            control: false
            matrix:
              settings: [defaults, bulk-load]
              freeze: [false, true]
              pk: [later]
            steps: [create, copy]
            """);
    Scenario scenario = ScenarioLoader.load(file);
    Path runDir = dir.resolve("results/run");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      int failures =
          Runners.of(
                  scenario,
                  Embedded.target(WorkRoots.enterable(dir).resolve("servers")),
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "test-run")
              .run();
      assertThat(failures).as(progress.toString(StandardCharsets.UTF_8)).isZero();
    }

    // One server per (version, profile); what the server reports is what the profile asked for,
    // with the scenario's own max_wal_size on top of the profile's.
    JsonNode run = new ObjectMapper().readTree(runDir.resolve(ResultStore.RUN).toFile());
    assertThat(run.at("/servers")).hasSize(4);
    assertThat(run.at("/servers").findValuesAsText("profile"))
        .containsExactly("defaults", "bulk-load", "defaults", "bulk-load");
    Map<String, String> expected = SettingsProfile.BULK_LOAD.settings(Environment.memoryBytes());
    for (int i : List.of(1, 3)) {
      JsonNode settings = run.at("/servers/" + i + "/settings");
      for (String off : List.of("fsync", "full_page_writes", "synchronous_commit", "autovacuum")) {
        assertThat(settings.path(off).asText()).as(off).isEqualTo("off");
      }
      assertThat(settings.path("wal_level").asText()).isEqualTo("minimal");
      assertThat(settings.path("max_wal_senders").asText()).isEqualTo("0");
      assertThat(settings.path("checkpoint_timeout").asText()).isEqualTo("1h");
      assertThat(bytes(settings.path("max_wal_size").asText())).isEqualTo(bytes("2GB"));
      for (String size :
          List.of("shared_buffers", "maintenance_work_mem", "work_mem", "effective_cache_size")) {
        assertThat(bytes(settings.path(size).asText()))
            .as(size)
            .isEqualTo(bytes(expected.get(size)));
      }
    }
    assertThat(run.at("/servers/0/settings").has("wal_level")).isFalse();
    assertThat(run.at("/scenario/cells").findValuesAsText("profile"))
        .containsExactly("defaults", "defaults", "bulk-load", "bulk-load");

    // wal_level=minimal: the COPY into the table its own transaction created (the FREEZE cell)
    // skips WAL, the table being synced at commit; a COPY in a later transaction writes it all.
    // (A relation under wal_skip_threshold, 2 MB, is WAL-logged whole at commit instead: the table
    // here is larger, and has no index.)
    List<StepResult> copies =
        ResultStore.readSteps(runDir).stream()
            .filter(s -> s.step().yamlName().equals("copy"))
            .toList();
    assertThat(copies).hasSize(8).allMatch(s -> s.ok() && s.measured().rows() == 80000);
    for (String version : List.of("14.", "18.")) {
      long plain = wal(copies, version, "defaults", "false");
      assertThat(wal(copies, version, "defaults", "true")).isGreaterThan(plain / 2);
      assertThat(wal(copies, version, "bulk-load", "false")).isGreaterThan(plain / 2);
      assertThat(wal(copies, version, "bulk-load", "true")).isLessThan(plain / 100);
    }
  }

  private static long wal(List<StepResult> copies, String version, String profile, String freeze) {
    return copies.stream()
        .filter(s -> s.server().startsWith(version))
        .filter(s -> s.axes().get("settings").equals(profile))
        .filter(s -> s.axes().get("freeze").equals(freeze))
        .findFirst()
        .orElseThrow()
        .measured()
        .walBytes();
  }

  /** A PostgreSQL size setting as written or shown (8kB, 128MB, 2GB) in bytes. */
  private static long bytes(String size) {
    String s = size.toUpperCase(Locale.ROOT);
    String digits = s.replaceAll("[^0-9]", "");
    long n = Long.parseLong(digits);
    if (s.endsWith("KB")) {
      return n << 10;
    } else if (s.endsWith("MB")) {
      return n << 20;
    } else if (s.endsWith("GB")) {
      return n << 30;
    } else if (s.endsWith("TB")) {
      return n << 40;
    }
    return n;
  }
}
