package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runners;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * The URL target against a server the test starts, through a non-superuser role with a password:
 * the server's databases, roles and settings afterwards equal those before, what the role may not
 * do is recorded as missing, and the password appears nowhere.
 */
@Tag("server")
class UrlTargetTest {
  static final String ROLE = "bench";
  static final String PASSWORD = password();

  @TempDir static Path dir;
  static PostgresServer server;

  @BeforeAll
  static void startServerWithABenchRole() throws Exception {
    server = Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("17", Map.of());
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE " + ROLE + " LOGIN CREATEDB PASSWORD '" + PASSWORD + "'");
    }
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void leavesTheServerAsItFoundItAndNeverShowsThePassword() throws Exception {
    List<String> before = state();
    Scenario scenario =
        ScenarioLoader.load(
            Files.writeString(
                dir.resolve("url.yaml"),
                """
                name: url
                dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 20000}}
                servers: {target: '%s'}
                settings: {maintenance_work_mem: 256MB}
                warmup: 0
                matrix:
                  pk: [now, later]
                steps: [create, copy, checkpoint, primary_key, vacuum, analyze]
                """
                    .formatted(url())), /* trusted: the user's own file, naming the user's server */
            true);
    UrlTarget target = new UrlTarget(scenario.servers().url(), "20261130-050000", pgPassword());
    Path runDir = dir.resolve("results/url/20261130-050000");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    StringBuilder ps = new StringBuilder();
    AtomicBoolean running = new AtomicBoolean(true);
    Thread watcher = new Thread(() -> sampleProcesses(ps, running));
    watcher.start();
    int failures;
    try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
      failures =
          Runners.of(
                  scenario,
                  target,
                  store,
                  Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                  "20261130-050000")
              .run();
    } finally {
      running.set(false);
      watcher.join();
    }
    Path report = MarkdownReport.write(runDir, dir.resolve("reports/url/20261130-050000"), null);

    assertThat(failures).as(progress.toString(StandardCharsets.UTF_8)).isZero();
    List<StepResult> steps = ResultStore.readSteps(runDir);
    JsonNode run = new ObjectMapper().readTree(runDir.resolve(ResultStore.RUN).toFile());
    // The checkpoint step, which the role may not run, is noted rather than stored; the load goes
    // on.
    assertThat(steps).hasSize(4 + 5).allMatch(StepResult::ok);
    assertThat(steps).noneMatch(s -> s.step().yamlName().equals("checkpoint"));
    assertThat(run.at("/servers/0/steps_not_allowed").toString()).isEqualTo("[\"checkpoint\"]");
    assertThat(steps)
        .filteredOn(s -> s.step().yamlName().equals("copy"))
        .allMatch(s -> s.measured().rows() == 20000);
    assertThat(steps).allMatch(s -> s.measured().frozenPages() == null);

    JsonNode missing = run.at("/servers/0/missing");
    assertThat(missing.toString())
        .contains("checkpoint: no CHECKPOINT before each load")
        .contains("checkpoint step: not run, the role may not")
        .contains("frozen pages: pg_visibility could not be installed")
        .contains("settings: the scenario's {maintenance_work_mem=256MB} were not applied");
    assertThat(run.at("/servers/0/settings/maintenance_work_mem").isMissingNode()).isTrue();
    assertThat(Files.readString(report))
        .contains("Not measured on this server:")
        .contains("- frozen pages: pg_visibility could not be installed");

    assertThat(state()).isEqualTo(before);
    assertThat(ps).isNotEmpty();
    assertThat(ps.toString()).doesNotContain(PASSWORD);
    assertThat(progress.toString(StandardCharsets.UTF_8)).doesNotContain(PASSWORD);
    assertThat(filesContaining(dir, PASSWORD)).isEmpty();
  }

  @Test
  void anExtensionTheServerLacksOrTheRoleMayNotCreateIsSaidBeforeAnythingStarts() throws Exception {
    UrlTarget target = new UrlTarget(url(), "20261130-050003", pgPassword());
    assertThat(target.whyNoExtension("url", "postgis"))
        .startsWith("the server at ")
        .endsWith(" has no postgis extension (pg_available_extensions)");
    assertThat(target.whyNoExtension("url", "file_fdw"))
        .endsWith(
            " has the file_fdw extension, but the role "
                + ROLE
                + " may not create it (not a superuser, and it is not a trusted extension)");
    assertThat(target.whyNoExtension("url", "plpgsql")).isNull(); // trusted
  }

  @Test
  void aWrongPasswordIsOneLineWithoutIt() {
    String wrong = password();
    UrlTarget target =
        new UrlTarget(url(), "20261130-050001", name -> name.equals("PGPASSWORD") ? wrong : null);
    ServerException e =
        catchThrowableOfType(ServerException.class, () -> target.start("url", Map.of()).close());
    assertThat(e.getMessage())
        .doesNotContain("\n")
        .contains("password authentication failed for user \"" + ROLE + "\"")
        .contains("check that the server runs and the password is in PGPASSWORD or ~/.pgpass")
        .doesNotContain(wrong)
        .doesNotContain(PASSWORD);
  }

  @Test
  void thePasswordMayComeFromAPgpassFile(@TempDir Path own) throws Exception {
    Path pgpass = own.resolve("pgpass");
    Files.writeString(pgpass, "127.0.0.1:*:*:" + ROLE + ":" + PASSWORD + "\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
    String previous = System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
    try {
      UrlTarget target = new UrlTarget(url(), "20261130-050002", name -> null);
      try (PostgresServer s = target.start("url", Map.of());
          Connection c = s.connect(PostgresServer.MAINTENANCE_DATABASE);
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT current_user")) {
        rs.next();
        assertThat(rs.getString(1)).isEqualTo(ROLE);
      }
    } finally {
      if (previous == null) {
        System.clearProperty("org.postgresql.pgpassfile");
      } else {
        System.setProperty("org.postgresql.pgpassfile", previous);
      }
    }
  }

  @Test
  void aServerThatGoesAwayIsWaitedForABoundedTimeThenTheRunStopsWithWhatItHas() throws Exception {
    PostgresServer own =
        Embedded.target(WorkRoots.enterable(dir).resolve("own-servers")).start("17", Map.of());
    try {
      try (Connection c = own.connect(PostgresServer.MAINTENANCE_DATABASE);
          Statement s = c.createStatement()) {
        s.execute("CREATE ROLE " + ROLE + " LOGIN CREATEDB PASSWORD '" + PASSWORD + "'");
      }
      Scenario scenario =
          ScenarioLoader.load(
              Files.writeString(
                  dir.resolve("away.yaml"),
                  """
                  name: away
                  dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 300000}}
                  servers: {target: '%s'}
                  warmup: 0
                  repeat: 5
                  steps: [create, copy]
                  """
                      .formatted(
                          url(own))), /* trusted: the user's own file, naming the user's server */
              true);
      Path runDir = dir.resolve("results/away/run");
      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      // The server is stopped once the first load is stored.
      Thread stopper =
          new Thread(
              () -> {
                try {
                  while (!Files.exists(runDir.resolve(ResultStore.STEPS))
                      || Files.readAllLines(runDir.resolve(ResultStore.STEPS)).size() < 2) {
                    Thread.sleep(10);
                  }
                } catch (IOException | InterruptedException e) {
                  return;
                }
                own.close();
              });
      stopper.start();
      String previous = System.setProperty(UrlTarget.WAIT_PROPERTY, "2");
      int failures;
      try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
        failures =
            Runners.of(
                    scenario,
                    new UrlTarget(scenario.servers().url(), "away", pgPassword()),
                    store,
                    Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                    "away")
                .run();
      } finally {
        stopper.join();
        if (previous == null) {
          System.clearProperty(UrlTarget.WAIT_PROPERTY);
        } else {
          System.setProperty(UrlTarget.WAIT_PROPERTY, previous);
        }
      }
      List<StepResult> steps = ResultStore.readSteps(runDir);
      assertThat(failures).isEqualTo(2);
      assertThat(steps.subList(0, 2)).allMatch(StepResult::ok);
      assertThat(steps.get(2).error()).startsWith("the server went down during this step: ");
      assertThat(steps.get(3).step()).isEqualTo(StepKind.SERVER);
      assertThat(steps.get(3).error()).contains("did not come back within 2 s");
      assertThat(steps).hasSize(4);
    } finally {
      own.close();
    }
  }

  private static String url() {
    return url(server);
  }

  private static String url(PostgresServer server) {
    String jdbc = server.jdbcUrl(PostgresServer.MAINTENANCE_DATABASE);
    return jdbc.replace("jdbc:postgresql://", "postgresql://" + ROLE + "@");
  }

  private static UnaryOperator<String> pgPassword() {
    return name -> name.equals("PGPASSWORD") ? PASSWORD : null;
  }

  /** Databases, roles with their attributes, and every setting, as a superuser sees them. */
  private static List<String> state() throws SQLException {
    List<String> state = new ArrayList<>();
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      for (String sql :
          List.of(
              "SELECT datname || ' ' || datdba::regrole FROM pg_database ORDER BY 1",
              "SELECT rolname || ' ' || rolsuper || rolcreatedb || rolcanlogin || coalesce("
                  + "rolpassword, '') FROM pg_authid ORDER BY 1",
              "SELECT name || '=' || setting FROM pg_settings ORDER BY 1")) {
        try (ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            state.add(rs.getString(1));
          }
        }
      }
    }
    return state;
  }

  private static void sampleProcesses(StringBuilder ps, AtomicBoolean running) {
    while (running.get()) {
      try {
        Process p = new ProcessBuilder("ps", "-eo", "args").redirectErrorStream(true).start();
        ps.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        p.waitFor();
        Thread.sleep(100);
      } catch (IOException | InterruptedException e) {
        return;
      }
    }
  }

  private static List<Path> filesContaining(Path root, String text) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .filter(
              f -> {
                try {
                  return new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)
                      .contains(text);
                } catch (IOException unreadable) {
                  return false;
                }
              })
          .toList();
    }
  }

  private static String password() {
    byte[] bytes = new byte[12];
    new SecureRandom().nextBytes(bytes);
    return "pw" + HexFormat.of().formatHex(bytes);
  }
}
