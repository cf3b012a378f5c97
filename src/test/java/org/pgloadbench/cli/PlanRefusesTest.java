package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What bench refuses before anything starts, plan refuses too: the same one line, exit 2, and
 * nothing shown or stored (run/Preflight states the rule once for both).
 */
class PlanRefusesTest {
  /** Nothing listens on port 1: every refusal here comes before a connection. */
  static final String URL = "postgresql://127.0.0.1:1/x";

  @TempDir Path dir;

  @Test
  void aUrlTargetIsRefusedADiskLimitAMemoryCapAndAStandbyByPlanAsByBench() throws Exception {
    assertSameRefusal(scenario("disk: gp3"), "disk limit: the server at 127.0.0.1:1/x", URL);
    assertSameRefusal(scenario("memory: 256MB"), "memory cap: the server at 127.0.0.1:1/x", URL);
    assertSameRefusal(
        scenario("standby: async"),
        "standby: this target does not start its servers, so it cannot give them a standby",
        URL);
  }

  @Test
  void theEmbeddedTargetIsRefusedPostgisByPlanAsByBench() throws Exception {
    assertSameRefusal(
        "gist-geometry",
        "postgis: the embedded PostgreSQL 15.",
        "embedded",
        "--pg",
        "15");
  }

  @Test
  void aScenarioTheTargetCanRunIsPlannedAsBefore() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "plan",
            scenario(""),
            "--target",
            URL,
            "--results",
            dir.toString());
    assertThat(code).as(err.toString()).isEqualTo(ExitCode.OK);
    assertThat(out.toString())
        .contains("servers   url: PostgreSQL url (the server at 127.0.0.1:1/x)");
  }

  /** Plan and bench of {@code scenario} on {@code target}: one line each, the same, exit 2. */
  private void assertSameRefusal(String scenario, String starts, String target, String... more) {
    List<String> lines = new ArrayList<>();
    for (String command : List.of("plan", "bench")) {
      List<String> args =
          new ArrayList<>(List.of(command, scenario, "--target", target, "--results"));
      args.add(dir.resolve("results").toString());
      if (command.equals("bench")) {
        args.addAll(List.of("--reports", dir.resolve("reports").toString()));
      }
      args.addAll(List.of(more));
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int code = Main.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
      assertThat(code).as(command + ": " + err).isEqualTo(ExitCode.USAGE);
      assertThat(out.toString()).as(command + " shows nothing").isEmpty();
      assertThat(err.toString().lines()).as(command).singleElement().asString().startsWith(starts);
      lines.add(err.toString());
    }
    assertThat(lines.get(0)).as("plan's line is bench's").isEqualTo(lines.get(1));
    assertThat(dir.resolve("results")).doesNotExist();
  }

  /** A small scenario on PostgreSQL 17, with {@code servers} (a key or none) beside versions. */
  private String scenario(String servers) throws Exception {
    String extra = servers.isEmpty() ? "" : ", " + servers;
    return Files.writeString(
            dir.resolve("s.yaml"),
            "name: s\n"
                + "dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}\n"
                + "servers: {versions: [17]"
                + extra
                + "}\n"
                + "steps: [create, copy]\n")
        .toString();
  }
}
