package org.pgloadbench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/** pgbench -i's phase line read back, and a real pgbench -i through the password file. */
@Tag("server")
class PgbenchInitTest {
  @TempDir Path dir;

  @Test
  void readsEveryPhaseAndTheTotal() throws IOException {
    String stderr =
        "dropping old tables...\n"
            + "creating tables...\n"
            + "generating data (client-side)...\n"
            + "100000 of 100000 tuples (100%) done (elapsed 0.10 s, remaining 0.00 s)\n"
            + "vacuuming...\n"
            + "creating primary keys...\n"
            + "done in 0.53 s (drop tables 0.00 s, create tables 0.01 s, client-side generate 0.29"
            + " s, vacuum 0.12 s, primary keys 0.11 s).\n";
    // each phase as the step it is, as the harness's own pgbench-init cells store theirs
    assertThat(PgbenchInit.phases(stderr))
        .containsExactly(
            Map.entry(StepKind.DROP, 0.0),
            Map.entry(StepKind.CREATE, 0.01),
            Map.entry(StepKind.COPY, 0.29),
            Map.entry(StepKind.VACUUM_ANALYZE, 0.12),
            Map.entry(StepKind.PRIMARY_KEY, 0.11));
    assertThatThrownBy(() -> PgbenchInit.phases("pgbench: error: connection refused"))
        .hasMessageContaining("no phase times");
    assertThatThrownBy(
            () -> PgbenchInit.phases("done in 0.53 s (drop tables 0.00 s, foreign keys 0.02 s)."))
        .hasMessageContaining("no default step: foreign keys 0.02 s");
  }

  @Test
  void runsPgbenchInitOnAServerOfTheHarness() throws Exception {
    PgbenchInit pgbench = new PgbenchInit();
    assumeTrue(pgbench.missing() == null, "pgbench not installed: " + pgbench.missing());
    try (PostgresServer server =
        Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of())) {
      try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
          Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + HeadToHead.DATABASE);
      }
      Map<StepKind, Double> phases;
      try (PgClient client = PgClient.of(server, HeadToHead.DATABASE)) {
        phases = pgbench.run(client, 1);
      }
      assertThat(phases).containsKeys(StepKind.COPY, StepKind.PRIMARY_KEY);
      try (Connection c = server.connect(HeadToHead.DATABASE);
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM pgbench_accounts")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(100_000);
      }
    }
  }
}
