package org.pgloadbench.scenario;

import java.io.File;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.scenario.YamlNode.Kind;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.scenario.YamlNode.Scalar;
import org.pgloadbench.server.SettingsProfile;

/**
 * Reads {@code scenarios/<name>.yaml} into a {@link Scenario}. The YAML is read once into a tree of
 * {@link YamlNode}s that know their lines, then checked by hand, so every mistake is reported as
 * one line: {@code file:line: field: what is wrong; what to do}.
 */
public final class ScenarioLoader {
  static final List<String> KEYS =
      List.of(
          "name",
          "description",
          "dataset",
          "servers",
          "settings",
          "repeat",
          "warmup",
          "matrix",
          "exclude",
          "cells",
          "steps",
          "claims");

  /** Every dataset kind, as scenarios name them. */
  static final List<String> KINDS =
      List.of("osm-synthetic", "osm-pbf", "int-arrays", "points", "pgbench");

  private static final List<String> DATASET_KEYS = List.of("kind", "tables", "rows", "seed");
  private static final List<String> PBF_DATASET_KEYS = List.of("kind", "file", "tables");
  private static final String TABLE_HINT =
      "list tables to load from nodes, ways, rels, e.g. tables: [nodes, ways]";
  private static final List<String> SERVERS_KEYS = List.of("target", "versions", "image", "builds");

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
  private static final Pattern SETTING = Pattern.compile("[a-z][a-z0-9_.]*");
  private static final String EXTENSION = ".yaml";
  private static final String PROFILE = "profile";

  private ScenarioLoader() {}

  /** Loads and validates one scenario file; error messages name {@code file} as given. */
  public static Scenario load(Path file) throws ScenarioException {
    return load(file, false);
  }

  /**
   * As {@link #load(Path)}; {@code trusted} (the command line's {@value
   * AllowedSettings#TRUST_FLAG}) lets the file choose what only the user chooses otherwise: the
   * programs, image or server the benchmark runs on, and settings outside {@link AllowedSettings}.
   */
  public static Scenario load(Path file, boolean trusted) throws ScenarioException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ScenarioException(file + ": no such file");
    } catch (CharacterCodingException e) {
      throw new ScenarioException(file + ": not UTF-8 text");
    } catch (IOException e) {
      throw new ScenarioException(file + ": cannot read: " + e.getMessage());
    }
    Mapping root =
        YamlNode.parse(file.toString(), text)
            .asMapping("a scenario is a mapping with keys " + String.join(", ", KEYS));
    root.allowOnly(KEYS, "keys");

    YamlNode nameNode = root.required("name", "name the scenario, e.g. name: ways-binary-freeze");
    String name = nameNode.asText("e.g. name: ways-binary-freeze");
    if (!NAME.matcher(name).matches()) {
      throw nameNode.error(
          "'"
              + name
              + "' is not a valid name; use lower-case letters, digits, '.', '_' and '-',"
              + " starting with a letter or digit");
    }
    YamlNode describe = root.optional("description");
    String description = describe == null ? "" : describe.asText("write it as text").strip();
    DatasetSpec dataset =
        dataset(
            root.required("dataset", "say what to load, e.g. dataset: {kind: osm-synthetic}"),
            file,
            trusted);
    ServersSpec servers =
        servers(
            root.required("servers", "list the versions, e.g. servers: {versions: [17]}"), trusted);
    Map<String, String> settings = settings(root.optional("settings"), trusted);
    Map<String, String> base = profile(root);
    int repeat = count(root, "repeat", 1, 1);
    int warmup = count(root, "warmup", 0, 1);
    Matrix matrix = Matrix.read(root, base);
    List<String> steps = steps(root);
    matrix.requireSteps(root, steps);
    List<Claim> claims =
        ClaimsReader.read(root, dataset.tables(), steps, matrix.cells(), servers.versions());
    return new Scenario(
        name,
        description,
        file,
        dataset,
        servers,
        settings,
        repeat,
        warmup,
        matrix.axes(),
        matrix.cells(),
        steps,
        Origins.of(root),
        claims);
  }

  /**
   * The scenario file meant by a command-line argument: an existing file as is, otherwise {@code
   * scenariosDir/<name>.yaml}.
   */
  public static Path resolve(String nameOrPath, Path scenariosDir) throws ScenarioException {
    try {
      Path given = Path.of(nameOrPath);
      if (!nameOrPath.isBlank() && Files.isRegularFile(given)) {
        return given;
      }
      Path named = scenariosDir.resolve(nameOrPath + EXTENSION);
      if (NAME.matcher(nameOrPath).matches() && Files.isRegularFile(named)) {
        return named;
      }
    } catch (InvalidPathException e) {
      // neither a path nor a name: reported below
    }
    List<String> names = available(scenariosDir);
    String guess = YamlNode.closest(nameOrPath, names);
    throw new ScenarioException(
        "no scenario '"
            + nameOrPath
            + "': no such file and no "
            + scenariosDir
            + File.separator
            + nameOrPath
            + EXTENSION
            + (guess == null ? "" : " (did you mean '" + guess + "'?)")
            + "; "
            + (names.isEmpty()
                ? "there are no scenarios in " + scenariosDir
                : "available: " + String.join(", ", names)));
  }

  /** The names of the scenarios in {@code scenariosDir}, sorted; empty when it does not exist. */
  public static List<String> available(Path scenariosDir) {
    try (Stream<Path> files = Files.list(scenariosDir)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(EXTENSION))
          .map(f -> f.substring(0, f.length() - EXTENSION.length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /** The dataset section: its kind, then that kind's own parser. */
  private static DatasetSpec dataset(YamlNode node, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    Mapping m =
        node.asMapping(
            "e.g. dataset: {kind: osm-synthetic, tables: [ways], rows: {nodes: 1000, ways: 100}}");
    String kinds = String.join(", ", KINDS);
    YamlNode kindNode = m.required("kind", "use kind: one of " + kinds);
    String kind = kindNode.asText("use one of " + kinds);
    return switch (kind) {
      case "osm-synthetic" -> osmSynthetic(m);
      case "osm-pbf" -> pbfDataset(m, scenarioFile, trusted);
      case "int-arrays" -> DatasetSections.intArrays(m);
      case "points" -> DatasetSections.points(m);
      case "pgbench" -> DatasetSections.pgbench(m);
      default -> {
        String guess = YamlNode.closest(kind, KINDS);
        throw kindNode.error(
            "'"
                + kind
                + "' is not a dataset kind"
                + (guess == null ? "" : " (did you mean '" + guess + "'?)")
                + "; use one of "
                + kinds);
      }
    };
  }

  private static DatasetSpec osmSynthetic(Mapping m) throws ScenarioException {
    m.allowOnly(DATASET_KEYS, "keys");

    List<String> tables = tables(m.required("tables", TABLE_HINT));
    String rowsHint = "give rows per table, e.g. rows: {nodes: 1000000, ways: 100000}";
    Mapping rowsMap = m.required("rows", rowsHint).asMapping(rowsHint);
    rowsMap.allowOnly(DatasetSpec.MIDDLE_TABLES, "tables");
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String table : DatasetSpec.MIDDLE_TABLES) {
      if (rowsMap.values().containsKey(table)) {
        rows.put(table, rowsMap.values().get(table).asWhole(1));
      }
    }
    for (String table : tables) {
      if (!rows.containsKey(table)) {
        throw rowsMap.error(
            "no row count for '" + table + "', which is loaded; add " + table + ": <rows>");
      }
    }

    YamlNode seed = m.optional("seed");
    return new DatasetSpec.OsmSynthetic(
        tables, rows, seed == null ? 1 : seed.asWhole(Long.MIN_VALUE));
  }

  /**
   * {@code {kind: osm-pbf, file: <path>, tables: [...]}}: every table unless listed; the path is
   * relative to the scenario file's directory.
   */
  private static DatasetSpec pbfDataset(Mapping m, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    m.allowOnly(PBF_DATASET_KEYS, "keys");
    String fileHint = "give the OSM PBF file, e.g. file: ../data/andorra-2023-07-12.osm.pbf";
    YamlNode fileNode = m.required("file", fileHint);
    String written = fileNode.asText(fileHint);
    Path parent = scenarioFile.toAbsolutePath().getParent();
    Path file = parent == null ? Path.of(written) : parent.resolve(written).normalize();
    if (!trusted && !written.endsWith(".pbf")) {
      // a file of any other kind (a key, a password file) is not the scenario's to read
      throw fileNode.error(
          untrusted(
              "a file that is not an OSM PBF file",
              "give a .osm.pbf file, or DATA=<file> on the command line"));
    }
    if (!Files.isRegularFile(file)) {
      throw fileNode.error(
          "no such file '"
              + written
              + "' (looked for "
              + file
              + "); give a path to an .osm.pbf file, relative to the scenario");
    }
    YamlNode tablesNode = m.optional("tables");
    List<String> tables = tablesNode == null ? DatasetSpec.MIDDLE_TABLES : tables(tablesNode);
    return new DatasetSpec.OsmPbf(file, tables);
  }

  /** The tables listed, in load order. */
  private static List<String> tables(YamlNode tablesNode) throws ScenarioException {
    Set<String> chosen = new LinkedHashSet<>();
    for (YamlNode item : tablesNode.asList(TABLE_HINT).items()) {
      String table = item.asText(TABLE_HINT);
      if (!DatasetSpec.MIDDLE_TABLES.contains(table)) {
        throw item.error("'" + table + "' is not a table; use nodes, ways or rels");
      }
      if (!chosen.add(table)) {
        throw item.error("'" + table + "' is listed twice; list each table once");
      }
    }
    if (chosen.isEmpty()) {
      throw tablesNode.error("is empty; " + TABLE_HINT);
    }
    // Load order is fixed whatever the order written: ways refer to nodes, rels to both.
    return DatasetSpec.MIDDLE_TABLES.stream().filter(chosen::contains).toList();
  }

  private static ServersSpec servers(YamlNode node, boolean trusted) throws ScenarioException {
    Mapping m = node.asMapping("e.g. servers: {versions: [16, 17]}");
    m.allowOnly(SERVERS_KEYS, "keys");

    String target = ServersSpec.EMBEDDED;
    YamlNode targetNode = m.optional("target");
    if (targetNode != null) {
      target = targetNode.asText("use " + ServersSpec.TARGETS);
      try {
        ServersSpec.checkNoPassword(target);
      } catch (IllegalArgumentException e) {
        throw targetNode.error(e.getMessage());
      }
      String why = ServersSpec.whyUsersChoice(target);
      if (why != null && !trusted) {
        throw targetNode.error(
            untrusted(why, "give it on the command line, TARGET=" + ServersSpec.shown(target)));
      }
    }
    String versionHint = "list PostgreSQL versions, e.g. versions: [16, 17]";
    YamlNode versionsNode = m.optional("versions");
    List<String> versions = new ArrayList<>();
    if (versionsNode != null) {
      for (YamlNode item : versionsNode.asList(versionHint).items()) {
        String version = item.asText(versionHint);
        if (!ServersSpec.VERSION.matcher(version).matches()) {
          throw item.error("'" + version + "' is not a PostgreSQL version; write e.g. 17 or 16.4");
        }
        if (versions.contains(version)) {
          throw item.error("'" + version + "' is listed twice; list each version once");
        }
        versions.add(version);
      }
      if (versionsNode.asList(versionHint).items().isEmpty()) {
        throw versionsNode.error("is empty; " + versionHint);
      }
    }
    YamlNode imageNode = m.optional("image");
    String image = imageNode == null ? null : imageNode.asText("e.g. image: postgres:17");
    if (imageNode != null && !target.equals(ServersSpec.CONTAINER)) {
      throw imageNode.error("is for the container target; add target: container or remove it");
    }
    if (imageNode != null && !trusted) {
      throw imageNode.error(
          untrusted(
              "the container image (a stranger's image would run)",
              "give it on the command line, IMAGE=" + image));
    }
    YamlNode buildsNode = m.optional("builds");
    Map<String, String> builds = builds(buildsNode);
    if (buildsNode != null && !target.equals(ServersSpec.LOCAL)) {
      throw m.at(
          m.keyLines().get("builds"),
          "servers.builds: is for the local target; add target: local or remove it");
    }
    boolean dirsGiven = builds.values().stream().anyMatch(dir -> !dir.isEmpty());
    if (dirsGiven && !trusted) {
      throw buildsNode.error(
          untrusted(
              "the builds' bin dirs (their programs would run as you)",
              "list the labels, builds: ["
                  + String.join(", ", builds.keySet())
                  + "], and give the dirs on the command line, BUILDS="
                  + String.join(
                      ",",
                      builds.entrySet().stream()
                          .map(b -> b.getKey() + "=" + b.getValue())
                          .toList())));
    }
    if (versionsNode == null
        && (target.equals(ServersSpec.EMBEDDED) || target.equals(ServersSpec.CONTAINER))) {
      m.required("versions", versionHint);
    }
    if (target.equals(ServersSpec.LOCAL) && !dirsGiven) {
      if (versionsNode != null) {
        throw versionsNode.error(
            "the local target runs the builds given on the command line, not versions; remove"
                + " versions");
      }
      // the labels the scenario compares; their bin dirs come from the command line (BUILDS=)
      return new ServersSpec(ServersSpec.LOCAL, List.copyOf(builds.keySet()), null, Map.of(), null);
    }
    try {
      ServersSpec spec = ServersSpec.of(target, versions, image, builds);
      if (versionsNode != null
          && !spec.target().equals(ServersSpec.EMBEDDED)
          && !spec.target().equals(ServersSpec.CONTAINER)) {
        throw versionsNode.error(
            "the "
                + spec.target()
                + " target runs the server(s) it names, not versions; remove versions");
      }
      return spec;
    } catch (IllegalArgumentException e) {
      throw targetNode.error(e.getMessage());
    }
  }

  /**
   * Why a scenario may not choose something by itself, and how the user does: {@code what}
   * completes "a scenario may not choose", {@code remedy} says how to give it instead.
   */
  private static String untrusted(String what, String remedy) {
    return "a scenario may not choose "
        + what
        + "; "
        + remedy
        + ", or run with "
        + AllowedSettings.TRUST_FLAG
        + " if you trust this file";
  }

  /**
   * {@code builds: [head, patch]} (labels, their bin dirs given on the command line) or, in a
   * trusted scenario, {@code builds: {head: <bin dir>, patch: <bin dir>}}: label to bin dir, empty
   * for a label alone.
   */
  private static Map<String, String> builds(YamlNode node) throws ScenarioException {
    Map<String, String> builds = new LinkedHashMap<>();
    if (node == null) {
      return builds;
    }
    String hint = "list the builds' labels, e.g. builds: [head, patch]";
    if (node instanceof YamlNode.Sequence list) {
      for (YamlNode item : list.items()) {
        String label = item.asText(hint);
        if (!ServersSpec.LABEL.matcher(label).matches()) {
          throw item.error(notALabel(label));
        }
        if (builds.put(label, "") != null) {
          throw item.error("'" + label + "' is listed twice; list each build once");
        }
      }
    } else {
      Mapping m = node.asMapping(hint);
      for (var e : m.values().entrySet()) {
        if (!ServersSpec.LABEL.matcher(e.getKey()).matches()) {
          throw m.at(m.keyLines().get(e.getKey()), "servers.builds: " + notALabel(e.getKey()));
        }
        builds.put(e.getKey(), e.getValue().asText(hint));
      }
    }
    if (builds.isEmpty()) {
      throw node.error("is empty; " + hint);
    }
    return builds;
  }

  private static String notALabel(String label) {
    return "'" + label + "' is not a label; use lower-case letters, digits, '.', '_' and '-'";
  }

  /**
   * {@code settings.profile}, as the value of the settings axis for every cell that does not set
   * one; empty when not given.
   */
  private static Map<String, String> profile(Mapping root) throws ScenarioException {
    if (!(root.optional("settings") instanceof Mapping settings)
        || settings.optional(PROFILE) == null) {
      return Map.of();
    }
    YamlNode node = settings.optional(PROFILE);
    String profile = Matrix.value(Axis.SETTINGS, node);
    if (root.optional("matrix") instanceof Mapping matrix
        && matrix.values().containsKey(Axis.SETTINGS.name())) {
      throw node.error(
          "the matrix lists settings profiles too; remove settings.profile, or the settings axis");
    }
    return Map.of(Axis.SETTINGS.name(), profile);
  }

  private static Map<String, String> settings(YamlNode node, boolean trusted)
      throws ScenarioException {
    Map<String, String> settings = new LinkedHashMap<>();
    if (node == null) {
      return settings;
    }
    String hint =
        "map setting names to values, e.g. settings: {maintenance_work_mem: 1GB}, and name a"
            + " profile with profile: "
            + SettingsProfile.BULK_LOAD.profileName()
            + " if you like";
    Mapping m = node.asMapping(hint);
    for (var e : m.values().entrySet()) {
      String name = e.getKey();
      if (name.equals(PROFILE)) {
        continue; // see profile()
      }
      int line = m.keyLines().get(name);
      if (!SETTING.matcher(name).matches()) {
        throw m.at(
            line,
            "settings: '"
                + name
                + "' is not a PostgreSQL setting name; use lower-case"
                + " letters, digits, '_' and '.', e.g. maintenance_work_mem");
      }
      if (AllowedSettings.wired(name)) {
        throw m.at(
            line,
            "settings."
                + name
                + ": the harness sets it itself, to reach its own server and keep others out;"
                + " remove it");
      }
      if (!trusted && !AllowedSettings.allowed(name)) {
        String guess = YamlNode.closest(name, AllowedSettings.names());
        throw m.at(
            line,
            "settings."
                + name
                + ": not among the settings a scenario may set by itself (memory, WAL,"
                + " checkpoints, vacuum, autovacuum, planner costs, parallel workers, I/O"
                + (guess == null ? "" : "; did you mean '" + guess + "'?")
                + "); remove it, or run with "
                + AllowedSettings.TRUST_FLAG
                + " if you trust this file");
      }
      String value = e.getValue().asText(hint);
      if (value.codePoints().anyMatch(Character::isISOControl)) {
        throw e.getValue()
            .error("the value holds a control character (a line break, say); write it on one line");
      }
      boolean bool = e.getValue() instanceof Scalar s && s.kind() == Kind.BOOLEAN;
      settings.put(e.getKey(), bool ? (value.equals("true") ? "on" : "off") : value);
    }
    return settings;
  }

  private static List<String> steps(Mapping root) throws ScenarioException {
    String hint = "list the load steps, e.g. [" + String.join(", ", Scenario.KNOWN_STEPS) + "]";
    YamlNode node = root.required("steps", hint);
    List<String> steps = new ArrayList<>();
    for (YamlNode item : node.asList(hint).items()) {
      String step = item.asText(hint);
      if (!Scenario.KNOWN_STEPS.contains(step)) {
        String guess = YamlNode.closest(step, Scenario.KNOWN_STEPS);
        throw item.error(
            "unknown step '"
                + step
                + "'"
                + (guess == null ? "" : " (did you mean '" + guess + "'?)")
                + "; known steps: "
                + String.join(", ", Scenario.KNOWN_STEPS));
      }
      if (steps.contains(step)) {
        throw item.error("'" + step + "' is listed twice; list each step once");
      }
      steps.add(step);
    }
    // drop (a no-op on the fresh database, timed as pgbench -i times it) may come first
    int first = steps.isEmpty() || !steps.get(0).equals("drop") ? 0 : 1;
    if (steps.size() < first + 2
        || !steps.subList(first, first + 2).equals(List.of("create", "copy"))) {
      throw node.error(
          "must start with create, copy (the table is created, then loaded), after drop if"
              + " listed; got "
              + steps);
    }
    return steps;
  }

  /** An optional whole number >= {@code min} that fits an int; {@code absent} when not given. */
  private static int count(Mapping m, String key, int min, int absent) throws ScenarioException {
    YamlNode node = m.optional(key);
    if (node == null) {
      return absent;
    }
    long value = node.asWhole(min);
    if (value > Integer.MAX_VALUE) {
      throw node.error("'" + value + "' is too large");
    }
    return (int) value;
  }
}
