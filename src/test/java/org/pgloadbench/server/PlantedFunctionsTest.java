package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Progress;
import org.pgloadbench.run.Runners;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * On a server the harness does not own, others may plant functions where the harness's SQL would
 * find them, more exactly matching than the catalog's (CVE-2018-1058): in template1, which a new
 * database copies, and in {@code public} of the URL's database, whose owner put {@code public}
 * first on its search path. None of them may run as the harness's role during a run.
 */
@Tag("server")
class PlantedFunctionsTest {
  static final String PASSWORD = "pw-planted-" + System.nanoTime();

  @TempDir Path dir;

  @Test
  void noFunctionPlantedInTemplate1OrPublicRunsDuringARun() throws Exception {
    // 16: from 17 on, CREATE INDEX runs index functions with a search_path of pg_catalog alone
    try (PostgresServer server =
        Embedded.target(WorkRoots.enterable(dir).resolve("servers")).start("16", Map.of())) {
      plant(server);
      Scenario scenario =
          ScenarioLoader.load(
              Files.writeString(
                  dir.resolve("planted.yaml"),
                  """
                  name: planted
                  dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 2000}}
                  servers: {target: '%s'}
                  warmup: 0
                  steps: [create, copy, indexes, analyze]
                  """
                      .formatted(
                          server
                              .jdbcUrl("shared")
                              .replace(
                                  "jdbc:postgresql://",
                                  "postgresql://bench@"))), /* trusted: the user's own file, naming the user's server */
              true);
      Path runDir = dir.resolve("results/planted/run");
      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      int failures;
      try (ResultStore store = ResultStore.create(runDir, scenario.axes())) {
        failures =
            Runners.of(
                    scenario,
                    new UrlTarget(
                        scenario.servers().url(),
                        "planted",
                        name -> name.equals("PGPASSWORD") ? PASSWORD : null),
                    store,
                    Progress.lines(new PrintWriter(progress, true, StandardCharsets.UTF_8)),
                    "planted")
                .run();
      }
      String output = progress.toString(StandardCharsets.UTF_8);
      List<StepResult> steps = ResultStore.readSteps(runDir);
      assertThat(failures).as(output).isZero();
      assertThat(steps).hasSize(4).allMatch(StepResult::ok);
      assertThat(output + Files.readString(runDir.resolve(ResultStore.RUN)))
          .doesNotContain("planted function");
      try (Connection c = server.connect("shared");
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT string_agg(called, ', ') FROM planted_calls")) {
        rs.next();
        assertThat(rs.getString(1)).as("planted functions called").isNull();
      }
    }
  }

  /**
   * In template1, overloads more exact than the catalog's for what the harness passes (a varchar to
   * to_regclass, an int8[] to unnest) that fail the statement; in the URL's database, ahead of
   * pg_catalog on its search path, version() and current_setting(text) that record their calls.
   */
  private static void plant(PostgresServer server) throws Exception {
    try (Connection c = server.connect(PostgresServer.MAINTENANCE_DATABASE);
        Statement s = c.createStatement()) {
      s.execute("CREATE ROLE bench LOGIN CREATEDB PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE DATABASE shared");
      s.execute("ALTER DATABASE shared SET search_path = public, pg_catalog");
    }
    try (Connection c = server.connect("template1");
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE FUNCTION public.to_regclass(varchar) RETURNS regclass LANGUAGE plpgsql AS"
              + " $$ BEGIN RAISE EXCEPTION 'planted function to_regclass ran'; END $$");
      s.execute(
          "CREATE FUNCTION public.unnest(int8[]) RETURNS SETOF int8 LANGUAGE plpgsql AS"
              + " $$ BEGIN RAISE EXCEPTION 'planted function unnest ran'; END $$");
    }
    try (Connection c =
            DriverManager.getConnection(
                server.jdbcUrl("shared"), server.credentials().jdbcProperties());
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE public.planted_calls (called text)");
      s.execute("GRANT INSERT ON public.planted_calls TO PUBLIC");
      s.execute(
          "CREATE FUNCTION public.version() RETURNS text LANGUAGE plpgsql AS $$ BEGIN"
              + " INSERT INTO public.planted_calls VALUES ('version()');"
              + " RETURN pg_catalog.version(); END $$");
      s.execute(
          "CREATE FUNCTION public.current_setting(text) RETURNS text LANGUAGE plpgsql AS $$ BEGIN"
              + " INSERT INTO public.planted_calls VALUES ('current_setting(' || $1 || ')');"
              + " RETURN pg_catalog.current_setting($1); END $$");
    }
  }
}
