package org.pgloadbench.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.analysis.Answer;
import org.pgloadbench.cli.Main;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.WorkRoots;

/**
 * Runs published into databases of a server the test starts, as a role with a password, and read
 * back with SELECT: whole, once, whole again after a publish killed on the way, four at once.
 */
@Tag("server")
class PublishTest {
  static final String ROLE = "publisher";
  static final String PASSWORD = "pw" + UUID.randomUUID().toString().replace("-", "");
  static final Path DOCS = Path.of("docs/results-database.md");
  static final List<String> TABLES = List.of("runs", "servers", "cells", "steps", "claims");

  @TempDir static Path dir;
  static PostgresServer server;
  static int databases;

  @BeforeAll
  static void startServerWithAPublisherRole() throws Exception {
    server = Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
    sql(
        PostgresServer.MAINTENANCE_DATABASE,
        "CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyStoredRunIsPublishedWholeAndOnlyOnce() throws Exception {
    String name = freshDatabase();
    ResultsDatabase db = at(url(name));
    List<Path> runs;
    try (Stream<Path> found =
        Files.find(
            SyntheticRuns.STORED,
            2,
            (p, a) -> p.getNameCount() > 0 && Files.exists(p.resolve("run.json")))) {
      runs = found.sorted().toList();
    }
    assertThat(runs).hasSize(5);
    for (Path run : runs) {
      ResultsDatabase.Published first = db.publish(run);
      List<StepResult> steps = ResultStore.readSteps(run);
      assertThat(first.added()).isTrue();
      assertThat(first.steps()).isEqualTo(steps.size());
      Map<String, Long> counts = counts(name, first.runKey());
      assertThat(counts.get("steps")).isEqualTo(steps.size());
      assertThat(counts.get("runs")).isEqualTo(1);
      assertThat(counts.get("claims"))
          .isEqualTo(Answer.of(StoredRun.load(run)).claims().size())
          .isPositive();
      StepResult copy =
          steps.stream().filter(s -> s.step().yamlName().equals("copy")).findFirst().orElseThrow();
      int ordinal = steps.indexOf(copy) + 1;
      assertThat(
              value(
                  name,
                  "SELECT seconds FROM pgloadbench.steps WHERE run_key = '"
                      + first.runKey()
                      + "' AND ordinal = "
                      + ordinal))
          .isEqualTo(copy.seconds());
      assertThat(
              value(
                  name,
                  "SELECT wal_bytes FROM pgloadbench.steps WHERE run_key = '"
                      + first.runKey()
                      + "' AND ordinal = "
                      + ordinal))
          .isEqualTo(copy.measured().walBytes());

      ResultsDatabase.Published again = db.publish(run);
      assertThat(again.added()).isFalse();
      assertThat(again.runKey()).isEqualTo(first.runKey());
      assertThat(counts(name, first.runKey())).isEqualTo(counts);
    }
    assertThat(value(name, "SELECT count(*) FROM pgloadbench.runs")).isEqualTo(5L);
    assertThat(value(name, "SELECT count(*) FROM pgloadbench.machines")).isEqualTo(1L);
    // the docs' SELECTs run, and the first (the median COPY seconds per version and cell) answers
    Matcher query = Pattern.compile("(?s)```sql\n(.*?)```").matcher(Files.readString(DOCS));
    List<Integer> rows = new ArrayList<>();
    while (query.find()) {
      try (Connection c = server.connect(name);
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery(query.group(1))) {
        int n = 0;
        while (rs.next()) {
          n++;
        }
        rows.add(n);
      }
    }
    assertThat(rows).hasSizeGreaterThanOrEqualTo(4).startsWith(2 * 4);
  }

  @Test
  void aPublishKilledOnTheWayLeavesNothingAndIsCompletedLater() throws Exception {
    Path run = SyntheticRuns.write(dir.resolve("killed"), "20261201-000000", 30_000);
    String name = freshDatabase();
    ResultsDatabase db = at(url(name));
    db.check();
    AtomicReference<Exception> thrown = new AtomicReference<>();
    Thread publisher =
        new Thread(
            () -> {
              try {
                db.publish(run);
              } catch (Exception e) {
                thrown.set(e);
              }
            });
    publisher.start();
    boolean killed = false;
    try (Connection c = server.connect(name);
        Statement s = c.createStatement()) {
      long until = System.nanoTime() + 120_000_000_000L;
      while (!killed && publisher.isAlive() && System.nanoTime() < until) {
        // its steps being written: the transaction holds a lock on the table until it ends
        try (ResultSet rs =
            s.executeQuery(
                "SELECT pg_terminate_backend(l.pid) FROM pg_locks l JOIN pg_stat_activity a USING"
                    + " (pid) WHERE a.application_name = '"
                    + ResultsDatabase.APPLICATION
                    + "' AND l.relation = 'pgloadbench.steps'::regclass")) {
          killed = rs.next() && rs.getBoolean(1);
        }
      }
    }
    publisher.join();
    assertThat(killed).as("the publish was caught while writing steps").isTrue();
    assertThat(thrown.get()).isInstanceOf(PublishException.class);
    assertThat(thrown.get().getMessage())
        .doesNotContain("\n")
        .doesNotContain(PASSWORD)
        .contains(db.redacted());
    for (String table : TABLES) {
      assertThat(value(name, "SELECT count(*) FROM pgloadbench." + table)).as(table).isEqualTo(0L);
    }

    ResultsDatabase.Published done = db.publish(run);
    assertThat(done.added()).isTrue();
    assertThat(counts(name, done.runKey()).get("steps")).isEqualTo(30_000L);
  }

  @Test
  void fourPublishersAtOnceIntoAFreshDatabaseLoseNothing() throws Exception {
    List<Path> runs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      runs.add(SyntheticRuns.write(dir.resolve("four"), "20261202-00000" + i, 10_000));
    }
    // one publisher alone first, a fresh database each time: a 10,000-step run's publish
    List<Double> alone = new ArrayList<>();
    for (Path run : runs.subList(0, 3)) {
      ResultsDatabase db = at(url(freshDatabase()));
      long start = System.nanoTime();
      db.publish(run);
      alone.add((System.nanoTime() - start) / 1e9);
    }
    String name = freshDatabase();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    long start = System.nanoTime();
    List<Future<ResultsDatabase.Published>> published = new ArrayList<>();
    for (Path run : runs) {
      ResultsDatabase db = at(url(name));
      published.add(pool.submit(() -> db.publish(run)));
    }
    List<String> keys = new ArrayList<>();
    for (Future<ResultsDatabase.Published> p : published) {
      keys.add(p.get().runKey());
    }
    double together = (System.nanoTime() - start) / 1e9;
    pool.shutdown();
    System.out.printf(
        Locale.ROOT,
        "publish-figures: a 10,000-step run alone %s s; four at once %.2f s in all%n",
        alone.stream().map(s -> String.format(Locale.ROOT, "%.2f", s)).toList(),
        together);
    int claims = Answer.of(StoredRun.load(runs.get(0))).claims().size();
    for (String key : keys) {
      Map<String, Long> counts = counts(name, key);
      assertThat(counts.get("steps")).isEqualTo(10_000L);
      assertThat(counts.get("claims")).isEqualTo(claims);
    }
    assertThat(value(name, "SELECT count(*) FROM pgloadbench.schema_version")).isEqualTo(1L);
  }

  @Test
  void aWrongPasswordANewerSchemaAndNotARunDirectoryAreOneLineEach() throws Exception {
    String name = freshDatabase();
    String wrong = url(name).replace(ROLE + "@", ROLE + ":not-" + PASSWORD + "@");
    Path run = SyntheticRuns.WAYS;

    String[] refused = publish(run, wrong);
    assertThat(refused[0]).isEqualTo("2");
    assertThat(refused[1])
        .doesNotContain("\n")
        .doesNotContain(PASSWORD)
        .contains("postgresql://" + ROLE + "@")
        .contains("password");

    at(url(name)).check();
    sql(name, "UPDATE pgloadbench.schema_version SET version = 2");
    String right = url(name).replace(ROLE + "@", ROLE + ":" + PASSWORD + "@");
    String[] newer = publish(run, right);
    assertThat(newer[0]).isEqualTo("2");
    assertThat(newer[1])
        .doesNotContain("\n")
        .doesNotContain(PASSWORD)
        .contains("schema version 2")
        .contains("newer");

    String[] notARun = publish(dir, right);
    assertThat(notARun[0]).isEqualTo("2");
    assertThat(notARun[1]).doesNotContain("\n").contains("not a run's results directory");

    String[] unreachable =
        publish(run, "postgresql://" + ROLE + ":" + PASSWORD + "@127.0.0.1:1/results");
    assertThat(unreachable[0]).isEqualTo("2");
    assertThat(unreachable[1])
        .doesNotContain("\n")
        .doesNotContain(PASSWORD)
        .contains("postgresql://" + ROLE + "@127.0.0.1:1/results");
  }

  @Test
  void thePasswordIsReadFromAPassfile() throws Exception {
    String name = freshDatabase();
    Path passfile = dir.resolve("pgpass");
    Files.writeString(passfile, "*:*:" + name + ":" + ROLE + ":" + PASSWORD + "\n");
    passfile.toFile().setReadable(false, false);
    passfile.toFile().setReadable(true, true);
    // what PGPASSFILE says, as the driver reads it (a test cannot set the environment)
    System.setProperty("org.postgresql.pgpassfile", passfile.toString());
    try {
      ResultsDatabase db = ResultsDatabase.at(url(name), n -> null);
      assertThat(db.publish(SyntheticRuns.WAYS).added()).isTrue();
    } finally {
      System.clearProperty("org.postgresql.pgpassfile");
    }
    PublishException wrong =
        catchThrowableOfType(
            () -> ResultsDatabase.at(url(name), n -> null).check(), PublishException.class);
    assertThat(wrong.getMessage()).contains("password");
  }

  @Test
  void aRunPublishedBeforeItWasResumedIsCompletedByPublishingItAgain() throws Exception {
    String name = freshDatabase();
    Path before = SyntheticRuns.write(dir.resolve("before-resume"), "20261202-000001", 10);
    Path after = SyntheticRuns.write(dir.resolve("after-resume"), "20261202-000001", 20);

    ResultsDatabase.Published first = at(url(name)).publish(before);
    ResultsDatabase.Published resumed = at(url(name)).publish(after);
    ResultsDatabase.Published again = at(url(name)).publish(before);

    assertThat(resumed.runKey()).isEqualTo(first.runKey());
    assertThat(resumed.added()).isTrue();
    assertThat(again.added()).isFalse();
    assertThat(counts(name, first.runKey())).containsEntry("steps", 20L);
  }

  @Test
  void aShardIsPublishedWithItsGroup() throws Exception {
    String name = freshDatabase();
    Path run = SyntheticRuns.write(dir.resolve("shard"), "20261202-000000-shard2of4", 10, "g1", 2, 4);

    ResultsDatabase.Published published = at(url(name)).publish(run);

    assertThat(
            value(
                name,
                "SELECT group_id || ' ' || shard || '/' || shards FROM pgloadbench.runs"
                    + " WHERE run_key = '"
                    + published.runKey()
                    + "'"))
        .isEqualTo("g1 2/4");
  }

  private static String[] publish(Path run, String url) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new PrintWriter(out, true, StandardCharsets.UTF_8),
            new PrintWriter(err, true, StandardCharsets.UTF_8),
            "publish",
            run.toString(),
            "--results-db",
            url);
    return new String[] {
      Integer.toString(code),
      err.toString(StandardCharsets.UTF_8).strip() + out.toString(StandardCharsets.UTF_8).strip()
    };
  }

  /** A new database the role owns. */
  static synchronized String freshDatabase() throws SQLException {
    String name = "results_" + ++databases;
    sql(PostgresServer.MAINTENANCE_DATABASE, "CREATE DATABASE " + name + " OWNER " + ROLE);
    return name;
  }

  /** The database's URL, with no password: the tests' {@link #at} gives it as PGPASSWORD. */
  static String url(String database) {
    return server.jdbcUrl(database).replace("jdbc:postgresql://", "postgresql://" + ROLE + "@");
  }

  static ResultsDatabase at(String url) throws PublishException {
    UnaryOperator<String> env = n -> n.equals("PGPASSWORD") ? PASSWORD : null;
    return ResultsDatabase.at(url, env);
  }

  /** Rows of one run in each of its tables. */
  static Map<String, Long> counts(String database, String runKey) throws SQLException {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String table : TABLES) {
      counts.put(
          table,
          (Long)
              value(
                  database,
                  "SELECT count(*) FROM pgloadbench."
                      + table
                      + " WHERE run_key = '"
                      + runKey
                      + "'"));
    }
    return counts;
  }

  static Object value(String database, String query) throws SQLException {
    try (Connection c = server.connect(database);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getObject(1);
    }
  }

  static void sql(String database, String statement) throws SQLException {
    try (Connection c = server.connect(database);
        Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }
}
