package org.pgloadbench.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.dataset.GeometryTable;
import org.pgloadbench.dataset.Srid;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.server.SettingsProfile;
import org.pgloadbench.variant.LoaderKind;

/**
 * The JSON Schema (draft-07) of a scenario file, for editors: completion, hover text and inline
 * errors through yaml-language-server (VS Code, vim, Emacs) or IntelliJ. It is built from the
 * loader's own lists (its keys, dataset kinds, axes and the values each takes, steps, measures,
 * allowed settings, name patterns) so that the two cannot drift; a key the loader reads that the
 * schema does not describe stops the build of the schema. It judges a file as a shared scenario is
 * judged: what only {@value AllowedSettings#TRUST_FLAG} unlocks (a setting off the allow list, a
 * bin dir, an image, a URL) is an error there, since JSON Schema has no warnings and an editor
 * serves the common case, a file meant to be shared, best by flagging it; the hover text names the
 * flag. What it cannot see, a name that must match another part of the file (a claim's cell) or a
 * combination no cell can run, the loader still reports with its line.
 */
public final class ScenarioSchema {
  /**
   * Where the schema is kept, for editors, relative to the project (and the scenarios' modeline).
   */
  public static final String FILE = "scenarios/schema/scenario.schema.json";

  /** The modeline every shipped scenario starts with, relative to scenarios/. */
  public static final String MODELINE =
      "# yaml-language-server: $schema=schema/scenario.schema.json";

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private static final Map<String, String> AXES =
      Map.ofEntries(
          Map.entry("format", "COPY format"),
          Map.entry("freeze", "COPY FREEZE, the table created in the transaction that loads it"),
          Map.entry(
              "pk",
              "the primary key declared by CREATE TABLE (now) or added after the load (later)"),
          Map.entry("connections", "parallel COPY connections; FREEZE needs one"),
          Map.entry(
              "unlogged",
              "CREATE UNLOGGED TABLE, made durable by the set_logged step, or a logged table"),
          Map.entry(
              "indexes",
              "the secondary indexes built after the load by the indexes step (later), or created"
                  + " with the table so that the COPY pays for them (now)"),
          Map.entry(
              "ways_index",
              "the ways' GIN index on their node refs shifted by 5 bits (bucket, osm2pgsql 1.7+)"
                  + " or on the refs (full)"),
          Map.entry(
              "middle_format",
              "osm2pgsql's middle table layout: new (jsonb, 1.9+) or legacy (text[], up to 1.11)"),
          Map.entry(
              "settings",
              "the server settings profile; each profile is a server start of its own, with"
                  + " settings: as overrides"),
          Map.entry(
              "loader",
              "how the copy step sends the rows: COPY, one INSERT per row (insert), multi-row"
                  + " INSERT ... VALUES (insert_values), JDBC batches (batch), or batches pgjdbc"
                  + " rewrites into multi-row INSERTs (batch_rewrite)"),
          Map.entry(
              "batch_size",
              "rows per insert_values statement or per batch; copy and insert cells have none"
                  + " (the axis collapses there)"),
          Map.entry(
              "commit_every",
              "rows per transaction of an INSERT loader, or all for one transaction; copy cells"
                  + " have none (the axis collapses there)"),
          Map.entry("fastupdate", "GIN's fastupdate storage parameter (int-arrays)"),
          Map.entry(
              "memory",
              "the memory the server's processes and the page cache they fill are held to (a"
                  + " cgroup; a container's limit); each cap is a server start of its own; a"
                  + " capped server's shared_buffers must be at most half the cap"),
          Map.entry(
              "standby",
              "a physical standby of each server (embedded and local targets), streaming its WAL"
                  + " over the loopback: none, async, or sync (commits wait for it); each is a"
                  + " server start of its own, with wal_level replica"),
          Map.entry(
              "gin_pending_list_limit",
              "GIN's gin_pending_list_limit storage parameter, from 64kB to 2GB, or default"
                  + " (the server's setting)"));

  private static final Map<StepKind, String> STEPS =
      Map.ofEntries(
          Map.entry(
              StepKind.CREATE,
              "CREATE TABLE (UNLOGGED in an unlogged cell), with the primary key unless pk: later"),
          Map.entry(
              StepKind.COPY,
              "loads the rows with the cell's loader (COPY by default); the row count is checked"),
          Map.entry(StepKind.PRIMARY_KEY, "ALTER TABLE ... ADD PRIMARY KEY, in pk: later cells"),
          Map.entry(StepKind.VACUUM, "VACUUM of the table"),
          Map.entry(StepKind.ANALYZE, "ANALYZE of the table"),
          Map.entry(StepKind.SET_LOGGED, "ALTER TABLE ... SET LOGGED, in unlogged cells"),
          Map.entry(
              StepKind.INDEXES,
              "builds the secondary indexes after the load, each timed with its size"),
          Map.entry(
              StepKind.CHECKPOINT, "CHECKPOINT, so that every strategy pays for writing its pages"),
          Map.entry(StepKind.DROP, "DROP TABLE IF EXISTS, before create, as pgbench -i times it"),
          Map.entry(StepKind.VACUUM_ANALYZE, "VACUUM ANALYZE of the table, as pgbench -i runs it"),
          Map.entry(
              StepKind.VACUUM_FREEZE,
              "VACUUM (FREEZE) of the table: every page frozen now rather than by a later vacuum"));

  private static final Map<String, String> KINDS =
      Map.of(
          "osm-synthetic",
          "synthetic osm2pgsql middle rows (nodes, ways, rels), a pure function of the seed",
          "osm-pbf",
          "the osm2pgsql middle rows of an OpenStreetMap PBF file",
          "int-arrays",
          "int_arrays (id int4, a int4[]), the GIN fast-insert thread's table",
          "points",
          "points (id int8, p point) or boxes (id int8, b box), in degrees",
          "geometry",
          "PostGIS geometries as osm2pgsql writes them: planet_osm_point and planet_osm_line"
              + " (osm_id, way geometry), generated or from a PBF file; needs a server with"
              + " PostGIS",
          "pgbench",
          "pgbench's four tables with the rows pgbench -i writes");

  private ScenarioSchema() {}

  /** The schema as {@code pgloadbench schema} prints it and {@link #FILE} holds it. */
  public static String json() {
    // laid out as editors and JSON.stringify(schema, null, 2) do
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter(
                Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(indenter)
            .withArrayIndenter(indenter);
    try {
      return new ObjectMapper().writer(printer).writeValueAsString(schema()) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ObjectNode schema() {
    ObjectNode root = JSON.objectNode();
    root.put("$schema", "http://json-schema.org/draft-07/schema#");
    root.put("title", "pgloadbench scenario");
    root.put(
        "description",
        "A pgloadbench scenario: what to load, on which PostgreSQL versions, the cells to compare"
            + " and the published claims they check (README.md, Scenarios). Generated by"
            + " `pgloadbench schema`; judged as a shared scenario, so what only "
            + AllowedSettings.TRUST_FLAG
            + " unlocks is flagged.");
    root.put("type", "object");
    root.set("required", strings(List.of("name", "dataset", "servers", "steps")));
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put(
        "name",
        pattern(ScenarioLoader.NAME)
            .put(
                "description",
                "The scenario's name, used for results/<name>/ and reports/<name>/: lower-case"
                    + " letters, digits, '.', '_' and '-'."));
    keys.put(
        "description",
        described(
            type("string"),
            "What the scenario reproduces, and the published figures it is compared with."));
    keys.put("dataset", dataset());
    keys.put("servers", servers());
    keys.put("settings", settings());
    ObjectNode repeat = JSON.objectNode();
    repeat.set(
        "anyOf",
        JSON.arrayNode()
            .add(whole(1, Integer.MAX_VALUE))
            .add(JSON.objectNode().put("const", "auto")));
    keys.put(
        "repeat",
        described(
            repeat,
            "Measured rounds, each every cell on every server once (default 1); a paired verdict"
                + " needs 6 or more. auto: the fewest rounds a verdict needs, then more until"
                + " every comparison with the baseline and every claim has a verdict or is known"
                + " within precision, or the budget is spent."));
    keys.put(
        "warmup",
        described(
            whole(0, Integer.MAX_VALUE),
            "Unmeasured loads per server before the first measured one (default 1)."));
    keys.put(
        "baseline",
        described(
            pattern(NamedCells.NAME),
            "The cell the answer compares every other with (what you do today); default: the"
                + " cell with every axis at its default, else the first."));
    ObjectNode precision = JSON.objectNode();
    precision.set(
        "anyOf",
        JSON.arrayNode()
            .add(type("number").put("exclusiveMinimum", 0).put("maximum", 0.5))
            .add(type("string").put("pattern", "^\\s*[0-9]+(\\.[0-9]+)?\\s*%\\s*$")));
    keys.put(
        "precision",
        described(
            precision,
            "With repeat: auto and in a recommend race: a comparison whose ratio's 95% interval"
                + " lies within ± this of the ratio is known well enough (default 5%)."));
    keys.put(
        "budget",
        described(
            type("string").put("pattern", "^\\s*" + Stopping.DURATION.pattern() + "\\s*$"),
            "With repeat: auto and in a recommend race: the time the rounds may take per server"
                + " (default 10m; 90s, 1h)."));
    ObjectNode scales = type("array");
    scales.set("items", type("number").put("exclusiveMinimum", 0));
    scales.put("minItems", 2);
    scales.put("uniqueItems", true);
    keys.put(
        "scales",
        described(
            scales,
            "The row-count multipliers make scaling runs the scenario at (SCALES= overrides),"
                + " e.g. [0.25, 1, 4]."));
    keys.put("matrix", matrix());
    keys.put("exclude", exclude());
    keys.put("cells", cells());
    keys.put("steps", steps());
    keys.put("claims", claims());
    keys.put(
        "control",
        described(
            type("boolean"),
            "Whether a run comparing servers adds a control, a second instance of its base server"
                + " with the same binaries and settings, to show what the machine's drift alone"
                + " makes of two identical servers (default true)."));
    root.set("properties", properties(keys, ScenarioLoader.KEYS, "the scenario"));
    root.put("additionalProperties", false);
    // settings.profile names the profile of every cell; a settings axis names each cell's
    ObjectNode profileTwice = JSON.objectNode();
    profileTwice.set(
        "if",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("matrix")))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "matrix",
                        JSON.objectNode()
                            .set("required", strings(List.of(Axis.SETTINGS.name()))))));
    profileTwice.set(
        "then",
        JSON.objectNode()
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "settings",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        SettingsSection.PROFILE,
                                        refused(
                                            "the matrix lists settings profiles too; remove"
                                                + " settings.profile, or the settings axis"))))));
    ArrayNode rules = JSON.arrayNode().add(profileTwice);
    // the steps that complete an axis (Matrix.requireSteps), as far as the matrix alone tells
    rules.add(
        matrixNeedsStep(
            JSON.objectNode()
                .<ObjectNode>set("required", strings(List.of(Axis.UNLOGGED.name())))
                .set(
                    "properties",
                    JSON.objectNode()
                        .set(Axis.UNLOGGED.name(), contains(value(Axis.UNLOGGED, "true")))),
            StepKind.SET_LOGGED,
            "an unlogged cell needs the set_logged step, which alone makes its table durable"));
    ObjectNode indexesLater =
        JSON.objectNode()
            .set(
                "properties",
                JSON.objectNode().set(Axis.INDEXES.name(), contains(value(Axis.INDEXES, "later"))));
    rules.add(
        matrixNeedsStep(
            JSON.objectNode()
                .<ObjectNode>set("required", strings(List.of(Axis.INDEXES.name())))
                .setAll(indexesLater),
            StepKind.INDEXES,
            "a cell building its indexes after the load needs the indexes step"));
    rules.add(
        matrixNeedsStep(
            JSON.objectNode()
                .<ObjectNode>set("required", strings(List.of(Axis.WAYS_INDEX.name())))
                .set(
                    "anyOf",
                    JSON.arrayNode().add(notRequired(Axis.INDEXES.name())).add(indexesLater)),
            StepKind.INDEXES,
            "a cell building its indexes after the load needs the indexes step"));
    root.set("allOf", rules);
    return root;
  }

  /** If the matrix is as {@code when} says, the steps must hold {@code step}. */
  private static ObjectNode matrixNeedsStep(ObjectNode when, StepKind step, String why) {
    ObjectNode rule = JSON.objectNode();
    rule.set(
        "if",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("matrix")))
            .set("properties", JSON.objectNode().set("matrix", when)));
    ObjectNode steps = JSON.objectNode();
    steps.set("contains", JSON.objectNode().put("const", step.yamlName()));
    steps.put("errorMessage", why + "; add " + step.yamlName() + " to steps");
    rule.set("then", JSON.objectNode().set("properties", JSON.objectNode().set("steps", steps)));
    return rule;
  }

  private static ObjectNode dataset() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "What to load: a kind, and that kind's own keys. Rows are pure functions of the seed and"
            + " the row number, so every run loads the same rows.");
    node.set("required", strings(List.of("kind")));
    ObjectNode kind = JSON.objectNode();
    kind.set("enum", strings(DatasetSections.KINDS));
    StringBuilder kinds = new StringBuilder("The kind of rows:");
    for (String k : DatasetSections.KINDS) {
      kinds.append(' ').append(k).append(": ").append(known(KINDS, k)).append('.');
    }
    kind.put("description", kinds.toString());
    node.set("properties", JSON.objectNode().set("kind", kind));
    ArrayNode byKind = JSON.arrayNode();
    for (String k : DatasetSections.KINDS) {
      Map<String, JsonNode> keys = new LinkedHashMap<>();
      keys.put("kind", JSON.objectNode().put("const", k));
      List<String> required = new ArrayList<>(List.of("kind"));
      ArrayNode rules = JSON.arrayNode();
      switch (k) {
        case "osm-synthetic" -> {
          keys.put("tables", middleTables());
          ObjectNode rows = type("object");
          rows.put(
              "description",
              "Rows per table; nodes also sizes the node ids the ways refer to. Every loaded table"
                  + " needs a count.");
          ObjectNode counts = JSON.objectNode();
          for (String table : DatasetSpec.MIDDLE_TABLES) {
            counts.set(table, whole(1, Long.MAX_VALUE));
            // a loaded table needs its row count
            rules.add(
                JSON.objectNode()
                    .<ObjectNode>set(
                        "if",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        "tables",
                                        JSON.objectNode()
                                            .set(
                                                "contains",
                                                JSON.objectNode().put("const", table)))))
                    .set(
                        "then",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        "rows",
                                        JSON.objectNode()
                                            .set("required", strings(List.of(table)))))));
          }
          rows.set("properties", counts);
          rows.put("additionalProperties", false);
          keys.put("rows", rows);
          keys.put("seed", seed());
          required.addAll(List.of("tables", "rows"));
        }
        case "osm-pbf" -> {
          keys.put("file", pbfFile());
          keys.put(
              "tables", described(middleTables(), "The tables to load; all three when left out."));
          required.add("file");
        }
        case "int-arrays" -> {
          keys.put("rows", whole(1, Integer.MAX_VALUE));
          keys.put(
              "elements", described(whole(0, DatasetSections.MAX_ELEMENTS), "elements per array"));
          keys.put(
              "distribution",
              enumOf(
                  DatasetSections.DISTRIBUTIONS,
                  "uniform over 1..domain (default), zipf (skewed like words in text) or"
                      + " identical (every array {1..elements})"));
          keys.put(
              "domain",
              described(
                  whole(1, DatasetSections.MAX_DOMAIN), "the largest element (default 10000)"));
          keys.put("seed", seed());
          required.addAll(List.of("rows", "elements"));
        }
        case "points" -> {
          keys.put("rows", whole(1, Long.MAX_VALUE));
          keys.put(
              "shape",
              enumOf(DatasetSections.SHAPES, "uniform (default), or around 1,000 centres"));
          keys.put(
              "geometry",
              enumOf(
                  DatasetSections.GEOMETRIES,
                  "points (id, p point), default, or boxes (id, b box)"));
          keys.put("seed", seed());
          required.add("rows");
        }
        case "geometry" -> {
          keys.put(
              "tables",
              described(
                  list(enumOf(GeometryTable.yamlNames(), null)),
                  "The tables to load, point then line; both when left out."));
          ObjectNode rows = type("object");
          rows.put(
              "description",
              "Rows per table, generated (point k is node k's position, line k way k through its"
                  + " nodes); every loaded table needs a count. Or give file instead.");
          ObjectNode counts = JSON.objectNode();
          for (String table : GeometryTable.yamlNames()) {
            counts.set(table, whole(1, Long.MAX_VALUE));
            // generated rows need a count for every table loaded: the listed ones, else both
            ObjectNode loaded =
                JSON.objectNode()
                    .set(
                        "anyOf",
                        JSON.arrayNode()
                            .add(
                                JSON.objectNode()
                                    .set(
                                        "not",
                                        JSON.objectNode()
                                            .set("required", strings(List.of("tables")))))
                            .add(
                                JSON.objectNode()
                                    .set(
                                        "properties",
                                        JSON.objectNode()
                                            .set(
                                                "tables",
                                                JSON.objectNode()
                                                    .set(
                                                        "contains",
                                                        JSON.objectNode().put("const", table))))));
            rules.add(
                JSON.objectNode()
                    .<ObjectNode>set(
                        "if", loaded.<ObjectNode>set("required", strings(List.of("rows"))))
                    .set(
                        "then",
                        JSON.objectNode()
                            .set(
                                "properties",
                                JSON.objectNode()
                                    .set(
                                        "rows",
                                        JSON.objectNode()
                                            .set("required", strings(List.of(table)))))));
          }
          rows.set("properties", counts);
          rows.put("additionalProperties", false);
          keys.put("rows", rows);
          keys.put(
              "file",
              described(
                  pbfFile(),
                  "Instead of rows: a .osm.pbf file, relative to the scenario file; its tagged"
                      + " nodes as points, its ways as lines. DATA=<file> on the command line"
                      + " loads another."));
          ObjectNode srid = JSON.objectNode();
          ArrayNode codes = JSON.arrayNode();
          Srid.codes().forEach(codes::add);
          srid.set("enum", codes);
          keys.put(
              "srid",
              described(
                  srid, "3857 (web Mercator, osm2pgsql's default; default) or 4326 (degrees)"));
          keys.put("seed", seed());
          // generated rows or a file's, not both
          rules.add(
              JSON.objectNode()
                  .set(
                      "oneOf",
                      JSON.arrayNode()
                          .add(JSON.objectNode().set("required", strings(List.of("rows"))))
                          .add(
                              JSON.objectNode()
                                  .<ObjectNode>set("required", strings(List.of("file")))
                                  .set(
                                      "not",
                                      JSON.objectNode()
                                          .set("required", strings(List.of("seed")))))));
        }
        case "pgbench" ->
            keys.put(
                "scale",
                described(
                    whole(1, DatasetSections.MAX_PGBENCH_SCALE),
                    "pgbench's scale factor (default 1): 100,000 accounts, 10 tellers and 1"
                        + " branch per unit"));
        default -> throw new IllegalStateException("no schema for dataset kind " + k);
      }
      ObjectNode then = JSON.objectNode();
      then.set("properties", properties(keys, DatasetSections.KEYS.get(k), "dataset kind " + k));
      then.put("additionalProperties", false);
      then.set("required", strings(required));
      if (!rules.isEmpty()) {
        then.set("allOf", rules);
      }
      ObjectNode when = JSON.objectNode();
      when.set(
          "if",
          JSON.objectNode()
              .<ObjectNode>set("required", strings(List.of("kind")))
              .set("properties", JSON.objectNode().set("kind", JSON.objectNode().put("const", k))));
      when.set("then", then);
      byKind.add(when);
    }
    node.set("allOf", byKind);
    return node;
  }

  private static ObjectNode seed() {
    return described(
        whole(Long.MIN_VALUE, Long.MAX_VALUE), "The rows' seed (default 1): same seed, same rows.");
  }

  /** An OSM PBF file a dataset reads. */
  private static ObjectNode pbfFile() {
    return type("string")
        .put("pattern", "\\.pbf$")
        .put(
            "errorMessage",
            "a scenario may not choose a file that is not an OSM PBF file; give a"
                + " .osm.pbf file, or run with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file")
        .put(
            "description",
            "The .osm.pbf file, relative to the scenario file; any other kind of file"
                + " needs "
                + AllowedSettings.TRUST_FLAG
                + ". DATA=<file> on the command line loads another.");
  }

  private static ObjectNode middleTables() {
    ObjectNode tables = list(enumOf(DatasetSpec.MIDDLE_TABLES, null));
    tables.put("description", "The middle tables to load, loaded in the order nodes, ways, rels.");
    return tables;
  }

  private static ObjectNode servers() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "The PostgreSQL servers: versions for the embedded (default) or container target, or the"
            + " labels of local builds. A scenario chooses no program, image or server: give"
            + " TARGET=local:<bin dir>, BUILDS=head=<bin dir>,..., IMAGE= or a URL target on the"
            + " command line, or run with "
            + AllowedSettings.TRUST_FLAG
            + " if you trust this file.");
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put(
        "target",
        enumOf(
            List.of(ServersSpec.EMBEDDED, ServersSpec.CONTAINER, ServersSpec.LOCAL),
            "embedded: the binaries from Maven Central (default); container: Docker's"
                + " postgres:<version>; local: the builds listed in builds, whose bin dirs"
                + " BUILDS= gives. local:<bin dir> and URL targets go on the command line"
                + " (TARGET=)."));
    ((ObjectNode) keys.get("target"))
        .put(
            "errorMessage",
            "use embedded, container or local; a bin dir (local:<bin dir>) or a server's URL is"
                + " the user's to choose: TARGET= on the command line, or run with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file");
    ObjectNode version = pattern(ServersSpec.VERSION);
    version.set("type", strings(List.of("string", "number")));
    version.put("minimum", 0);
    keys.put(
        "versions",
        described(list(version), "PostgreSQL versions, e.g. [16, 17] or [16.4]; PG= overrides."));
    keys.put(
        "builds",
        described(
            list(pattern(ServersSpec.LABEL)),
            "The labels of the local builds compared in the place of versions, e.g. [head,"
                + " patch]; BUILDS=head=<bin dir>,patch=<bin dir> gives their bin dirs."));
    keys.put(
        "image",
        refused(
            "a scenario may not choose the container image (a stranger's image would run); give"
                + " it on the command line, IMAGE=<image>, or run with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file"));
    keys.put(
        "memory",
        described(
            axisValue(Axis.MEMORY),
            "Every server's memory cap, its processes and the page cache they fill held to it (a"
                + " cgroup; a container's limit), e.g. 1GB; none for no cap (default). MEMORY="
                + " overrides; the memory axis compares caps instead. shared_buffers must be at"
                + " most half the cap."));
    keys.put(
        "standby",
        described(
            axisValue(Axis.STANDBY),
            "A physical standby of every server, made from the same binaries and streaming its WAL"
                + " over the loopback: async, or sync (each commit waits until the standby has"
                + " flushed it); none (default). The servers then run with wal_level replica. Each"
                + " step records the standby's replay lag and a sync standby's commit waits."
                + " Embedded and local targets only; the standby axis compares them instead."));
    node.set("properties", properties(keys, ServersSection.SERVERS_KEYS, "servers"));
    node.put("additionalProperties", false);
    ObjectNode local = JSON.objectNode();
    local.set(
        "if",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("target")))
            .set(
                "properties",
                JSON.objectNode()
                    .set("target", JSON.objectNode().put("const", ServersSpec.LOCAL))));
    local.set(
        "then",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("builds")))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "versions",
                        refused(
                            "the local target runs the builds given on the command line, not"
                                + " versions; remove versions"))));
    local.set(
        "else",
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of("versions")))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        "builds",
                        refused("is for the local target; add target: local or remove it"))));
    node.set("allOf", JSON.arrayNode().add(local));
    return node;
  }

  private static ObjectNode settings() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "Server settings, written to each server's configuration; profile: names a settings"
            + " profile to start from. Only the settings a load benchmark tunes (memory, WAL,"
            + " checkpoints, vacuum, autovacuum, planner costs, parallel workers, I/O; the list is"
            + " scenario/AllowedSettings.java); any other needs "
            + AllowedSettings.TRUST_FLAG
            + " on the command line, and port, listen_addresses and the unix socket settings are"
            + " never taken.");
    ObjectNode properties = JSON.objectNode();
    properties.set(
        SettingsSection.PROFILE,
        enumOf(
            profiles(),
            "The settings profile of every cell (default defaults): bulk-load is the Crunchy Data"
                + " OpenStreetMap benchmark post's list, sized to the machine. To compare"
                + " profiles, list them as the matrix's settings axis instead."));
    for (String name : new TreeSet<>(AllowedSettings.wired())) {
      properties.set(
          name,
          refused(
              "the harness sets it itself, to reach its own server and keep others out; remove"
                  + " it"));
    }
    for (String name : AllowedSettings.names()) {
      ObjectNode value = JSON.objectNode();
      value.set("type", strings(List.of("string", "number", "boolean")));
      // a line break would start another line of postgresql.conf
      value.put("pattern", "^[^\\x00-\\x1f\\x7f-\\x9f]*$");
      value.put(
          "description",
          "PostgreSQL's " + name + " (" + AllowedSettings.group(name) + "), on one line.");
      properties.set(name, value);
    }
    node.set("properties", properties);
    node.set(
        "additionalProperties",
        refused(
            "not among the settings a scenario may set by itself (memory, WAL, checkpoints,"
                + " vacuum, autovacuum, planner costs, parallel workers, I/O); remove it, or run"
                + " with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file"));
    return node;
  }

  private static ObjectNode matrix() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "Every combination of these axes' values is a cell, labelled by its values, e.g."
            + " binary+freeze+pk-later; an axis left out takes its default. An axis that does not"
            + " apply to a cell's loader collapses there (a copy cell has no batch_size).");
    ObjectNode properties = JSON.objectNode();
    for (Axis<?> axis : Axis.ALL) {
      ObjectNode values = list(axisValue(axis));
      values.put("description", axisDescription(axis));
      properties.set(axis.name(), values);
    }
    node.set("properties", properties);
    node.put("additionalProperties", false);
    ArrayNode rules = JSON.arrayNode();
    for (Axis<?> axis : Axis.ALL) {
      List<String> without = new ArrayList<>();
      List<String> with = new ArrayList<>();
      for (LoaderKind loader : LoaderKind.values()) {
        (Matrix.notApplying(loader).containsKey(axis.name()) ? without : with)
            .add(loader.yamlName());
      }
      if (without.isEmpty()) {
        continue;
      }
      // every cell's loader is one the axis does not apply to
      ArrayNode loaders =
          JSON.arrayNode()
              .add(
                  JSON.objectNode()
                      .<ObjectNode>set("required", strings(List.of(Axis.LOADER.name())))
                      .set(
                          "properties",
                          JSON.objectNode()
                              .set(
                                  Axis.LOADER.name(),
                                  JSON.objectNode()
                                      .set(
                                          "items",
                                          JSON.objectNode().set("enum", strings(without))))));
      if (without.contains(Axis.LOADER.defaultValue())) {
        loaders.add(notRequired(Axis.LOADER.name()));
      }
      ObjectNode rule = JSON.objectNode();
      rule.set(
          "if",
          JSON.objectNode()
              .<ObjectNode>set("required", strings(List.of(axis.name())))
              .set("anyOf", loaders));
      rule.set(
          "then",
          JSON.objectNode()
              .set(
                  "properties",
                  JSON.objectNode()
                      .set(
                          axis.name(),
                          refused(
                              "applies to no cell: the matrix's loaders have no "
                                  + axis.name()
                                  + "; add a loader it applies to ("
                                  + String.join(", ", with)
                                  + ") to loader, or remove "
                                  + axis.name()))));
      rules.add(rule);
    }
    node.set("allOf", rules);
    return node;
  }

  private static ObjectNode exclude() {
    ObjectNode entry = partialCell();
    entry.put("minProperties", 1);
    ObjectNode node = type("array");
    node.set("items", entry);
    node.put(
        "description",
        "Partial cells to leave out of the matrix, e.g. - {freeze: true, connections: 2}; each"
            + " must match a cell left by the entries before it.");
    return node;
  }

  private static ObjectNode cells() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "Cells named by the scenario, each a partial set of axis values (the rest at their"
            + " defaults); the name labels the cell in results and reports.");
    node.put("minProperties", 1);
    node.set("propertyNames", pattern(NamedCells.NAME));
    // a cell without values (every axis at its default) is a YAML null
    ObjectNode cell = namedCell();
    cell.set("type", strings(List.of("object", "null")));
    node.set("additionalProperties", cell);
    return node;
  }

  private static ObjectNode partialCell() {
    ObjectNode node = type("object");
    ObjectNode properties = JSON.objectNode();
    for (Axis<?> axis : Axis.ALL) {
      properties.set(axis.name(), described(axisValue(axis), axisDescription(axis)));
    }
    node.set("properties", properties);
    node.put("additionalProperties", false);
    return node;
  }

  /**
   * A named cell: a partial cell that can run. One cell is judged whole here, where a matrix's
   * cells are only known to the loader (exclude may drop the impossible ones).
   */
  private static ObjectNode namedCell() {
    ObjectNode cell = partialCell();
    ArrayNode rules = JSON.arrayNode();
    for (LoaderKind loader : LoaderKind.values()) {
      ObjectNode refusedHere = JSON.objectNode();
      Matrix.notApplying(loader)
          .forEach(
              (axis, why) ->
                  refusedHere.set(
                      axis,
                      refused(
                          axis
                              + " does not apply to loader "
                              + loader.yamlName()
                              + " ("
                              + why
                              + "); remove "
                              + axis)));
      if (!refusedHere.isEmpty()) {
        rules.add(when(loaderIs(loader), JSON.objectNode().set("properties", refusedHere)));
      }
    }
    ObjectNode notCopy =
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of(Axis.LOADER.name())))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        Axis.LOADER.name(),
                        JSON.objectNode()
                            .set(
                                "not",
                                JSON.objectNode().put("const", LoaderKind.COPY.yamlName()))));
    ObjectNode copyOnly = JSON.objectNode();
    copyOnly.set(
        Axis.FREEZE.name(),
        JSON.objectNode()
            .<ObjectNode>set("enum", value(Axis.FREEZE, "false"))
            .put("errorMessage", "FREEZE is an option of COPY; remove freeze"));
    copyOnly.set(
        Axis.FORMAT.name(),
        JSON.objectNode()
            .<ObjectNode>set("enum", value(Axis.FORMAT, Axis.FORMAT.defaultValue()))
            .put("errorMessage", "the binary format is COPY's; remove format"));
    rules.add(when(notCopy, JSON.objectNode().set("properties", copyOnly)));
    ObjectNode frozen =
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of(Axis.FREEZE.name())))
            .set(
                "properties",
                JSON.objectNode()
                    .set(
                        Axis.FREEZE.name(),
                        JSON.objectNode().set("enum", value(Axis.FREEZE, "true"))));
    rules.add(
        when(
            frozen,
            oneConnection(
                "COPY FREEZE needs the table created in the same transaction, which a second"
                    + " connection cannot join; use freeze: false or connections: 1")));
    rules.add(
        when(
            loaderIs(LoaderKind.BATCH_REWRITE),
            oneConnection(
                "batch_rewrite counts its rows in the table, which parallel connections share")));
    cell.set("allOf", rules);
    return cell;
  }

  private static ObjectNode loaderIs(LoaderKind loader) {
    ObjectNode is =
        JSON.objectNode()
            .<ObjectNode>set("required", strings(List.of(Axis.LOADER.name())))
            .set(
                "properties",
                JSON.objectNode()
                    .set(Axis.LOADER.name(), JSON.objectNode().put("const", loader.yamlName())));
    if (!loader.yamlName().equals(Axis.LOADER.defaultValue())) {
      return is;
    }
    return JSON.objectNode()
        .set("anyOf", JSON.arrayNode().add(is).add(notRequired(Axis.LOADER.name())));
  }

  private static ObjectNode oneConnection(String why) {
    return JSON.objectNode()
        .set(
            "properties",
            JSON.objectNode()
                .set(
                    Axis.CONNECTIONS.name(),
                    JSON.objectNode()
                        .<ObjectNode>set("enum", value(Axis.CONNECTIONS, "1"))
                        .put("errorMessage", why)));
  }

  private static ObjectNode when(ObjectNode condition, ObjectNode then) {
    return JSON.objectNode().<ObjectNode>set("if", condition).set("then", then);
  }

  /**
   * A schema no value passes, with the message an editor shows ({@code errorMessage}, read by
   * yaml-language-server and VS Code on a failed enum, where a failed {@code not} says only
   * "Matches a schema that is not allowed"; other validators ignore it), and never suggested. An
   * enum must list a value: null, which the {@code not} refuses.
   */
  private static ObjectNode refused(String why) {
    return JSON.objectNode()
        .<ObjectNode>set("enum", JSON.arrayNode().addNull())
        .<ObjectNode>set("not", type("null"))
        .put("errorMessage", why)
        .put("doNotSuggest", true);
  }

  private static ObjectNode notRequired(String key) {
    return JSON.objectNode().set("not", JSON.objectNode().set("required", strings(List.of(key))));
  }

  private static ObjectNode contains(ArrayNode values) {
    return JSON.objectNode().set("contains", JSON.objectNode().set("enum", values));
  }

  /** {@code text} as YAML may write an axis's value: as text, and as a boolean or a number. */
  private static ArrayNode value(Axis<?> axis, String text) {
    if (!axis.parse(text).isPresent()) {
      throw new IllegalStateException(text + " is not a value of " + axis);
    }
    ArrayNode values = JSON.arrayNode().add(text);
    if (text.equals("true") || text.equals("false")) {
      values.add(Boolean.parseBoolean(text));
    } else if (text.matches("[0-9]+")) {
      values.add(Long.parseLong(text));
    }
    return values;
  }

  private static ObjectNode steps() {
    ObjectNode node = list(stepName());
    node.put("minItems", 2);
    StringBuilder description =
        new StringBuilder(
            "The steps of each table's load, in order, starting with create, copy (after drop if"
                + " listed):");
    for (StepKind step : StepKind.values()) {
      if (!step.listable()) {
        continue;
      }
      description.append(' ').append(step.yamlName()).append(": ").append(known(STEPS, step));
      description.append('.');
    }
    node.put("description", description.toString());
    ArrayNode starts = JSON.arrayNode();
    starts.add(JSON.objectNode().set("items", consts(List.of(StepKind.CREATE, StepKind.COPY))));
    starts.add(
        JSON.objectNode()
            .put("minItems", 3)
            .set("items", consts(List.of(StepKind.DROP, StepKind.CREATE, StepKind.COPY))));
    node.set("anyOf", starts);
    return node;
  }

  private static ObjectNode stepName() {
    return JSON.objectNode().set("enum", strings(StepKind.names()));
  }

  private static ObjectNode claims() {
    ObjectNode claim = type("object");
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put("claim", described(type("string"), "The finding, in words."));
    keys.put(
        "source",
        described(
            type("string"),
            "Where it was published; quote it when it holds '#', which starts a YAML comment."));
    Set<String> units = new TreeSet<>(ClaimsReader.SECONDS.keySet());
    units.addAll(ClaimsReader.BYTES.keySet());
    // both figures of one kind: two times, two sizes, or two bare numbers
    ArrayNode kinds = JSON.arrayNode();
    for (Set<String> kind :
        List.<Set<String>>of(
            new TreeSet<>(ClaimsReader.SECONDS.keySet()),
            new TreeSet<>(ClaimsReader.BYTES.keySet()))) {
      kinds.add(figures(figure("\\s*(" + String.join("|", kind) + ")")));
    }
    ObjectNode bare = JSON.objectNode();
    bare.set("anyOf", JSON.arrayNode().add(type("number").put("minimum", 0)).add(figure("")));
    kinds.add(figures(bare));
    ObjectNode seed = JSON.objectNode();
    seed.set("anyOf", kinds);
    seed.put(
        "description",
        "The published figures, this side's then the other's, of one kind: [40 min, 57 min]"
            + " (units: "
            + String.join(", ", units)
            + ").");
    keys.put("seed", seed);
    keys.put(
        "measure",
        enumOf(
            Claim.MEASURES,
            "What is compared, summed per repetition over the side's steps and tables (default"
                + " seconds)."));
    keys.put("step", described(stepsOfASide(), "The steps of both sides, unless a side says."));
    keys.put("table", described(tablesOfASide(), "The tables of both sides (default: all)."));
    keys.put(
        "version",
        described(version(), "The version (or build label) of both sides, unless a side says."));
    keys.put(
        "factor",
        described(
            type("number").put("exclusiveMinimum", 0),
            "less: A < factor x B; more: A > factor x B (default 1)."));
    keys.put(
        "needs",
        described(
            type("string"),
            "What a run needs for a verdict, said where a side was not measured: e.g. PostGIS on"
                + " both versions."));
    keys.put("less", side("The side claimed lower than than's, e.g. {cell: binary}."));
    keys.put("more", side("The side claimed higher than than's."));
    keys.put("than", side("The side compared with."));
    claim.set("properties", properties(keys, ClaimsReader.KEYS, "a claim"));
    claim.put("additionalProperties", false);
    claim.set("required", strings(List.of("claim", "source", "than")));
    claim.set(
        "oneOf",
        JSON.arrayNode()
            .add(JSON.objectNode().set("required", strings(List.of("less"))))
            .add(JSON.objectNode().set("required", strings(List.of("more")))));
    // the steps compared: the claim's, or each side's own
    ObjectNode stepOnEachSide = JSON.objectNode();
    ObjectNode sides = JSON.objectNode();
    for (String side : List.of("less", "more", "than")) {
      sides.set(side, JSON.objectNode().set("required", strings(List.of("step"))));
    }
    stepOnEachSide.set("properties", sides);
    claim.set(
        "anyOf",
        JSON.arrayNode()
            .add(JSON.objectNode().set("required", strings(List.of("step"))))
            .add(stepOnEachSide));
    // without the claim's version, both sides name one or neither
    ObjectNode everySide = JSON.objectNode();
    ObjectNode noSide = JSON.objectNode();
    for (String side : List.of("less", "more", "than")) {
      everySide.set(side, JSON.objectNode().set("required", strings(List.of("version"))));
      noSide.set(side, notRequired("version"));
    }
    claim.set(
        "allOf",
        JSON.arrayNode()
            .add(
                when(
                    notRequired("version"),
                    JSON.objectNode()
                        .<ObjectNode>set(
                            "anyOf",
                            JSON.arrayNode()
                                .add(JSON.objectNode().set("properties", everySide))
                                .add(JSON.objectNode().set("properties", noSide)))
                        .put(
                            "errorMessage",
                            "give both sides a version, or neither (then the claim is checked on"
                                + " every version)"))));
    ObjectNode node = type("array");
    node.set("items", claim);
    node.put(
        "description",
        "Published findings this scenario checks, each one side against another on one measure;"
            + " the report gives each a verdict by the Mann-Whitney test.");
    return node;
  }

  /** A published figure: a number, then {@code unit}, a pattern. */
  private static ObjectNode figure(String unit) {
    return type("string").put("pattern", "^\\s*[0-9]+(\\.[0-9]+)?" + unit + "\\s*$");
  }

  private static ObjectNode figures(ObjectNode figure) {
    ObjectNode two = type("array");
    two.set("items", figure);
    two.put("minItems", 2);
    two.put("maxItems", 2);
    return two;
  }

  private static ObjectNode side(String description) {
    Map<String, JsonNode> keys = new LinkedHashMap<>();
    keys.put("cell", described(type("string"), "A cell's label or name."));
    keys.put("step", stepsOfASide());
    keys.put("table", tablesOfASide());
    keys.put("version", version());
    ObjectNode node = type("object");
    node.set("properties", properties(keys, ClaimsReader.SIDE_KEYS, "a claim's side"));
    node.put("additionalProperties", false);
    node.set("required", strings(List.of("cell")));
    node.put("description", description);
    return node;
  }

  private static ObjectNode stepsOfASide() {
    ObjectNode node = JSON.objectNode();
    node.set("anyOf", JSON.arrayNode().add(stepName()).add(list(stepName())));
    return node;
  }

  private static ObjectNode tablesOfASide() {
    ObjectNode node = JSON.objectNode();
    node.set("anyOf", JSON.arrayNode().add(type("string")).add(list(type("string"))));
    return node;
  }

  /** A claim's version: a version, or the label of a build (which every version also matches). */
  private static ObjectNode version() {
    ObjectNode node = pattern(ServersSpec.LABEL);
    node.set("type", strings(List.of("string", "number")));
    return node;
  }

  /**
   * The values an axis takes, as YAML may write them: {@code true}/{@code false} as booleans (and
   * on/off, booleans to YAML 1.1, text to 1.2), a number as an integer.
   */
  static ObjectNode axisValue(Axis<?> axis) {
    Axis.Accepts accepts = axis.accepts();
    if (accepts.pattern() == null) {
      ArrayNode values = JSON.arrayNode();
      for (String value : accepts.values()) {
        if (value.equals("true") || value.equals("false")) {
          values.add(Boolean.parseBoolean(value));
        } else {
          values.add(value);
        }
      }
      return JSON.objectNode().set("enum", values);
    }
    ObjectNode text = type("string").put("pattern", "^(?:" + accepts.pattern() + ")$");
    if (accepts.min() > accepts.max()) {
      return text;
    }
    ObjectNode number = type("integer").put("minimum", accepts.min()).put("maximum", accepts.max());
    return JSON.objectNode().set("anyOf", JSON.arrayNode().add(number).add(text));
  }

  private static String axisDescription(Axis<?> axis) {
    String what = known(AXES, axis.name());
    return Character.toUpperCase(what.charAt(0))
        + what.substring(1)
        + " (default "
        + axis.defaultValue()
        + "): "
        + axis.hint()
        + ".";
  }

  private static List<String> profiles() {
    List<String> names = new ArrayList<>();
    for (SettingsProfile p : SettingsProfile.values()) {
      names.add(p.profileName());
    }
    return names;
  }

  /** {@code keys} as schema properties, which must be exactly the keys the loader reads. */
  private static ObjectNode properties(
      Map<String, JsonNode> keys, List<String> loaderKeys, String what) {
    if (!new TreeSet<>(keys.keySet()).equals(new TreeSet<>(loaderKeys))) {
      throw new IllegalStateException(
          "the schema of "
              + what
              + " describes "
              + keys.keySet()
              + ", the loader reads "
              + loaderKeys);
    }
    ObjectNode properties = JSON.objectNode();
    for (String key : loaderKeys) {
      properties.set(key, keys.get(key));
    }
    return properties;
  }

  private static <K> String known(Map<K, String> descriptions, K key) {
    String description = descriptions.get(key);
    if (description == null) {
      throw new IllegalStateException("the schema has no description of " + key);
    }
    return description;
  }

  private static ObjectNode type(String type) {
    return JSON.objectNode().put("type", type);
  }

  private static ObjectNode described(ObjectNode node, String description) {
    return node.put("description", description);
  }

  private static ObjectNode pattern(Pattern pattern) {
    return type("string").put("pattern", "^(?:" + pattern.pattern() + ")$");
  }

  private static ObjectNode whole(long min, long max) {
    return type("integer").put("minimum", min).put("maximum", max);
  }

  /** A non-empty list of distinct items. */
  private static ObjectNode list(ObjectNode items) {
    ObjectNode node = type("array");
    node.set("items", items);
    node.put("minItems", 1);
    node.put("uniqueItems", true);
    return node;
  }

  private static ObjectNode enumOf(List<String> values, String description) {
    ObjectNode node = JSON.objectNode().set("enum", strings(values));
    return description == null ? node : node.put("description", description);
  }

  private static ArrayNode strings(List<String> values) {
    ArrayNode array = JSON.arrayNode();
    values.forEach(array::add);
    return array;
  }

  private static ArrayNode consts(List<StepKind> steps) {
    ArrayNode array = JSON.arrayNode();
    steps.forEach(s -> array.add(JSON.objectNode().put("const", s.yamlName())));
    return array;
  }
}
