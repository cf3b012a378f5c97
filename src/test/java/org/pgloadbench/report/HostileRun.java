package org.pgloadbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.Measurements;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;

/**
 * A stored run whose every string is hostile, as results shared by someone else (or a server the
 * harness does not own) can be: scenario, directories, versions, cells, tables, steps, indexes,
 * errors, settings, server details, environment and claims. Two versions, three repetitions, every
 * report section.
 */
public final class HostileRun {
  public static final String SCENARIO = "n<script>alert('name')</script>\"|#";
  public static final String SCENARIO_DIR = "s<img src=x onerror=alert('dir')>";
  public static final String RUN_DIR = "run`x`|y";
  public static final String DESCRIPTION =
      "<img src=x onerror=\"document.title='X'\"> [x](javascript:alert('link'))\n# not a heading\n"
          + "| not | a row |";
  public static final String V1 = "16.9";
  public static final String V2 = "17.6<script>alert('version')</script>";
  public static final String CELL = "text|<b>bold</b>";
  public static final String CELL2 = "c\"2`x`\n# h";
  public static final String TABLE = "ways<img src=x onerror=alert('table')>";

  /** A step of CELL only (a step's name is a StepKind: it carries no text of a run's own). */
  public static final String STEP = "analyze";

  public static final String INDEX = "idx|<img src=x onerror=alert('index')>";
  public static final String ERROR = "ERROR: `x` <script>alert('error')</script>\nDETAIL: | y ```";
  public static final String FILE = "f<img src=x onerror=alert('file')>|`.osm.pbf";
  public static final String SETTING = "4MB`<img src=x onerror=alert('setting')>`";
  public static final String SERVER_VERSION = "18devel<svg onload=alert('server')>";
  public static final String BIN_DIR = "/opt/``pg``<b>";
  public static final String IMAGE = "postgres:17<img src=x onerror=alert('image')>";
  public static final String HOST = "h<script>alert('host')</script>";
  public static final String PROFILE = "<i>profile</i>";
  public static final String MISSING = "- [x](javascript:alert('missing'))";
  public static final String CPU = "- <img src=x onerror=alert('cpu')>";
  public static final String OS = "# <b>os</b>";
  public static final String REVISION = "[rev](javascript:alert('rev'))";
  public static final String CLAIM = "a | b\n<img src=x onerror=alert('claim')>";
  public static final String SOURCE = "[s](javascript:alert('source'))";
  public static final String SEED = "40\n\n s vs 57 s";

  private HostileRun() {}

  /** The run's directory, {@code root/results/SCENARIO_DIR/RUN_DIR}. */
  public static Path dir(Path root) {
    return root.resolve("results").resolve(SCENARIO_DIR).resolve(RUN_DIR);
  }

  /** Writes the run under {@code root}; returns its directory. */
  public static Path write(Path root) throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode run = json.createObjectNode();
    run.put("run_id", "r|<script>alert('id')</script>");
    ObjectNode scenario = run.putObject("scenario");
    scenario.put("name", SCENARIO);
    scenario.put("description", DESCRIPTION);
    ObjectNode dataset = scenario.putObject("dataset");
    dataset.put("kind", "pgbench");
    dataset.put("file", FILE);
    dataset.putObject("rows").put(TABLE, 1000);
    scenario.put("repeat", 3); // a number: run.json's repeat can carry no text
    Claim claim =
        new Claim(
            CLAIM,
            SOURCE,
            SEED,
            40 / 57.0, null,
            "seconds",
            Relation.LESS,
            1,
            new Side(CELL2, null, List.of(TABLE), List.of(StepKind.COPY)),
            new Side(CELL, null, List.of(TABLE), List.of(StepKind.COPY)), null, null, null, null);
    scenario.set("claims", json.valueToTree(List.of(claim)));
    ObjectNode environment = run.putObject("environment");
    environment.put("cpu_model", CPU);
    environment.put("cpus", 2);
    environment.put("os", OS);
    environment.put("java", "17`");
    environment.put("harness_revision", REVISION);
    environment.put("started", "2026-11-29T21:30:00Z");
    environment.put("ended", "2026-11-29T21:32:10Z");
    for (String version : List.of(V1, V2)) {
      ObjectNode server = run.withArray("servers").addObject();
      server.put("version", version);
      server.put("target", "local<b>");
      server.put("profile", PROFILE);
      server.put("server_version", SERVER_VERSION);
      server.put("bin_dir", BIN_DIR);
      server.put("image", IMAGE);
      server.put("host", HOST);
      server.putObject("settings").put("work_mem", SETTING).put("x|y", "a\nb");
      server.putArray("missing").add(MISSING);
    }
    ObjectNode shape = run.putObject("dataset_shape");
    for (String side : List.of("file", "synthetic")) {
      shape.putObject(side).put("nodes", 10).put("ways", 5).put("rels", 1).put("tags_per_way", 2);
    }
    try (ResultStore store = ResultStore.create(dir(root), List.of("format"))) {
      store.writeRun(new ObjectMapper().treeToValue(run, RunManifest.class));
      for (String version : List.of(V1, V2)) {
        for (String cell : List.of(CELL, CELL2)) {
          for (int rep = 1; rep <= 3; rep++) {
            double copy = (cell.equals(CELL) ? 2 : 1) + rep / 10.0;
            store.append(step(version, cell, rep, "create", 0.01, null, null));
            store.append(step(version, cell, rep, "copy", copy, 1000L, null));
            store.append(step(version, cell, rep, "set_logged", 0.2, null, null));
            store.append(step(version, cell, rep, "indexes", 0.3, null, INDEX));
            store.append(step(version, cell, rep, STEP, 0.1, null, null));
          }
        }
      }
      store.append(
          StepResult.failed(
              "r",
              SCENARIO,
              new StepKey(V2, CELL, 2, TABLE, StepKind.VACUUM, null),
              Map.of(),
              Measurements.timed(0.1).build(),
              ERROR));
      store.append(
          StepResult.failed(
              "r",
              SCENARIO,
              new StepKey(V2, "-", 0, "", StepKind.SERVER, null),
              Map.of(),
              Measurements.timed(0).build(),
              ERROR));
    }
    return dir(root);
  }

  private static StepResult step(
      String version, String cell, int rep, String step, double seconds, Long rows, String object) {
    return StepResult.ok(
        "r",
        SCENARIO,
        new StepKey(version, cell, rep, TABLE, StepKind.named(step), object),
        Map.of("format", cell),
        Measurements.timed(seconds)
            .rows(rows)
            .walBytes(1024L * 1024)
            .table(8192L, 1L, 1L)
            .objectBytes(object == null ? null : 16384L)
            .build());
  }
}
