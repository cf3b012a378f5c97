package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.metrics.InstructionCounter;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/** A server under valgrind: its backends' instructions counted step by step, exactly. */
@Tag("server")
class ValgrindTest {
  @TempDir Path temp;

  @BeforeAll
  static void needsValgrind() {
    String why = Valgrind.whyNot();
    assumeTrue(why == null, "skipped: " + why);
  }

  @Test
  void countsEachStepOfEachSessionAndTheSameWorkTheSame() throws Exception {
    Path workRoot = WorkRoots.enterable(temp).resolve("work");
    EmbeddedTarget target = new EmbeddedTarget(workRoot, Valgrind.CALLGRIND);
    try (PostgresServer server = target.start("17", Map.of("autovacuum", "on"))) {
      // the option's own settings win: no process outside the step's sessions does its work
      assertThat(show(server, "autovacuum")).isEqualTo("off");
      assertThat(show(server, "max_parallel_maintenance_workers")).isEqualTo("0");
      InstructionCounter counter = server.instructions().orElseThrow();
      long[] copies = new long[3];
      long empty;
      try (Connection c = server.connect("postgres")) {
        for (int i = 0; i < 6; i++) {
          execute(c, "CREATE TABLE t" + i + " (id int8, a int8[])");
        }
        // warm the session's caches, then the same COPY twice and one of twice the rows, each
        // into an empty table of its own
        count(counter, c, () -> copy(c, "t0", 5_000));
        copies[0] = count(counter, c, () -> copy(c, "t1", 5_000));
        copies[1] = count(counter, c, () -> copy(c, "t2", 5_000));
        copies[2] = count(counter, c, () -> copy(c, "t3", 10_000));
        empty = count(counter, c, () -> {});
      }
      assertThat(copies[0]).isGreaterThan(5_000L * 1_000);
      // the same work on the same session: the same count, to 0.3%. Not the 0.05% a run's control
      // is held to: these COPYs are of 5,000 rows, about 5 million instructions, where a WAL page
      // boundary or a relation extension landing in one and not the other is a thousandth (seen
      // once at 0.095% on a loaded machine); a real step's count is hundreds of times larger
      assertThat(Math.abs((double) copies[1] / copies[0] - 1)).isLessThan(0.003);
      // twice the rows, well over half as much again (a COPY has its fixed costs): the count is
      // the step's, not a constant's
      assertThat((double) copies[2] / copies[0]).isBetween(1.5, 2.0);
      // nothing between the markers: their own cost is taken off, to a few instructions
      assertThat(Math.abs(empty)).isLessThan(2_000L);
      // two sessions at once, each counted in its own backend
      try (Connection a = server.connect("postgres");
          Connection b = server.connect("postgres")) {
        InstructionCounter.Window both = counter.open(List.of(a, b));
        copy(a, "t4", 5_000);
        copy(b, "t5", 5_000);
        long two = both.close();
        // both backends counted (new sessions: their caches cold, so more than twice one)
        assertThat((double) two / copies[0]).isBetween(1.95, 3.0);
      }
    }
  }

  @Test
  void theWrapperRunsWhatInitdbAndPgCtlAskOfPostgresDirectly() throws Exception {
    Path workRoot = WorkRoots.enterable(temp).resolve("work");
    try (PostgresServer server =
        new EmbeddedTarget(workRoot, Valgrind.CALLGRIND).start("17", Map.of())) {
      Path wrapper;
      try (Stream<Path> files = Files.walk(workRoot)) {
        wrapper =
            files
                .filter(f -> f.getFileName().toString().equals(Valgrind.WRAPPER))
                .findFirst()
                .get();
      }
      Process p = new ProcessBuilder(wrapper.toString(), "-V").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      assertThat(p.waitFor()).isZero();
      assertThat(out).startsWith("postgres (PostgreSQL) 17.");
      // the postmaster itself runs under valgrind: its command line says so
      assertThat(Files.readString(wrapper)).contains("--tool=callgrind", "--dump-before=");
      assertThat(server.version()).startsWith("17.");
    }
  }

  private interface Work {
    void run() throws SQLException;
  }

  private static long count(InstructionCounter counter, Connection c, Work work)
      throws SQLException {
    InstructionCounter.Window window = counter.open(List.of(c));
    work.run();
    return window.close();
  }

  private static void copy(Connection c, String table, int rows) throws SQLException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < rows; i++) {
      text.append(i).append("\t{").append(i).append(',').append(i * 7L).append("}\n");
    }
    try {
      new CopyManager(c.unwrap(BaseConnection.class))
          .copyIn("COPY " + table + " FROM STDIN", new StringReader(text.toString()));
    } catch (java.io.IOException e) {
      throw new SQLException(e);
    }
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static String show(PostgresServer server, String setting) throws SQLException {
    try (Connection c = server.connect("postgres");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW " + setting)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
