package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.OsmPbfDataset;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.LocalTarget;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;

/**
 * Pair 3 of the overhead run: osm2pgsql against the harness's cells of an osm-pbf scenario, on a
 * server of {@code bin} (Debian's PostgreSQL 15 with PostGIS by default) that it starts through the
 * local target.
 *
 * @param scenario the scenario's name or file, or {@code none}
 * @param data a PBF file in place of the scenario's, or null
 */
public record Osm2pgsqlPair(String scenario, Path scenarios, Path data, Path bin, Path workRoot) {
  public static final String NAME = "osm2pgsql";
  public static final Path DEBIAN_BIN = Path.of("/usr/lib/postgresql/15/bin");
  private static final String PACKAGES =
      "Debian: apt-get install -y osm2pgsql postgresql-15 postgresql-15-postgis-3";

  /** Starts its server and runs it, its loads into {@code results}. */
  public PairResult run(OverheadResults results, PrintWriter out) throws Exception {
    if (scenario.equals("none")) {
      return PairResult.none();
    }
    Osm2pgsqlImport osm2pgsql = new Osm2pgsqlImport();
    if (osm2pgsql.missing() != null) {
      return PairResult.skipped(osm2pgsql.missing() + " (" + PACKAGES + ")");
    }
    if (!Files.isExecutable(bin.resolve("postgres"))) {
      return PairResult.skipped("no PostgreSQL in " + bin + " (" + PACKAGES + ")");
    }
    if (!Files.exists(scenarios.resolve(scenario + ".yaml")) && !Files.exists(Path.of(scenario))) {
      return PairResult.skipped("no scenario " + scenario + " to compare it with");
    }
    Scenario s =
        ScenarioLoader.load(ScenarioFiles.resolve(scenario, scenarios))
            .withOverrides(Overrides.NONE.with(Overrides.DATA, data));
    Cell imitation = Osm2pgsqlHeadToHead.imitation(s);
    Cell best = Osm2pgsqlHeadToHead.best(s);
    if (!(s.dataset() instanceof OsmPbfDataset.Spec pbf)) {
      return PairResult.skipped(scenario + " loads no OSM PBF file");
    }
    if (imitation == null || best == null) {
      return PairResult.skipped(
          scenario
              + " lacks a legacy-format cell with text COPY and pk now, or one with binary"
              + " COPY FREEZE and pk later");
    }
    LocalTarget target = new LocalTarget(Map.of(LocalTarget.UNLABELLED, bin.toString()), workRoot);
    PostgresServer server;
    try {
      server = target.start(LocalTarget.UNLABELLED, s.settings());
    } catch (ServerException e) {
      return PairResult.skipped("PostgreSQL of " + bin + " did not start: " + e.getMessage());
    }
    try (server) {
      Osm2pgsqlHeadToHead pair =
          new Osm2pgsqlHeadToHead(server, s, imitation, best, workRoot, results, out);
      String why = pair.missing();
      if (why != null) {
        return PairResult.skipped(why + " (" + PACKAGES + ")");
      }
      String version = osm2pgsql.version();
      out.println(
          version
              + ", PostgreSQL "
              + server.version()
              + ": 3 contenders and the timed decode x ("
              + results.rounds().warmup()
              + " warm-up + "
              + results.rounds().repeat()
              + ") rounds");
      out.flush();
      results.server(server.version(), LocalTarget.UNLABELLED, server);
      try {
        pair.run();
      } catch (IOException | SQLException | ScenarioException e) {
        // pairs 1 and 2 are measured already: say why osm2pgsql could not be compared
        return PairResult.skipped("stopped: " + e.getMessage());
      }
      String setup =
          version
              + " against the cells "
              + imitation.label()
              + " and "
              + best.label()
              + " of scenario "
              + s.name()
              + " on "
              + pbf.file().getFileName()
              + ": PostgreSQL "
              + server.version()
              + " of "
              + bin
              + " (LocalTarget, PostGIS), settings "
              + s.settings();
      String pg = server.version();
      Path logs = Osm2pgsqlHeadToHead.logs(results.dir());
      String file = pbf.file().getFileName().toString();
      return new PairResult(
          List.of(setup),
          new Osm2pgsqlReport(pg, logs, file, imitation.label(), best.label()),
          null);
    }
  }
}
