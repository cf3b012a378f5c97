package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.AllowedSettings.untrusted;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The {@code dataset} section: its kind, then that kind's keys as {@link DatasetKinds} declares
 * them, read by the loader and written into the schema; and the keys several kinds share.
 */
final class DatasetSections {
  static final String TABLE_HINT =
      "list tables to load from nodes, ways, rels, e.g. tables: [nodes, ways]";

  static final Key<Long> SEED =
      Key.whole(
          "seed",
          Long.MIN_VALUE,
          Long.MAX_VALUE,
          "The rows' seed (default 1): same seed, same rows.");

  private DatasetSections() {}

  static DatasetSpec dataset(Mapping m, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    List<String> names = DatasetKinds.names();
    String kinds = String.join(", ", names);
    YamlNode kindNode = m.required("kind", "use kind: one of " + kinds);
    DatasetKind kind =
        DatasetKinds.named(kindNode.among(names, "a dataset kind", "use one of " + kinds));
    m.allowOnly(kind.keyNames(), "keys");
    return kind.read().from(m, scenarioFile, trusted);
  }

  static ObjectNode schema() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "What to load: a kind, and that kind's own keys. Rows are pure functions of the seed and"
            + " the row number, so every run loads the same rows.");
    node.set("required", strings(List.of("kind")));
    StringBuilder kinds = new StringBuilder("The kind of rows:");
    for (DatasetKind k : DatasetKinds.ALL) {
      kinds.append(' ').append(k.name()).append(": ").append(k.description()).append('.');
    }
    ObjectNode kind = enumOf(DatasetKinds.names(), kinds.toString());
    node.set("properties", JSON.objectNode().set("kind", kind));
    ArrayNode byKind = JSON.arrayNode();
    for (DatasetKind k : DatasetKinds.ALL) {
      ObjectNode then = JSON.objectNode();
      ObjectNode kindIs = JSON.objectNode().put("const", k.name());
      ObjectNode properties = JSON.objectNode().set("kind", kindIs);
      then.set("properties", properties.setAll(k.keys().properties()));
      then.put("additionalProperties", false);
      then.set("required", strings(List.of("kind")).addAll(k.keys().required()));
      ArrayNode rules = k.rules().get();
      if (!rules.isEmpty()) {
        then.set("allOf", rules);
      }
      byKind.add(when(given("kind", kindIs.deepCopy()), then));
    }
    node.set("allOf", byKind);
    return node;
  }

  static List<String> middleTables(YamlNode tablesNode) throws ScenarioException {
    // Load order is fixed whatever the order written: ways refer to nodes, rels to both.
    return tables(
        tablesNode, DatasetSpec.MIDDLE_TABLES, TABLE_HINT, "a table; use nodes, ways or rels");
  }

  /** The tables listed, each once, in {@code order} whatever the order written. */
  static List<String> tables(YamlNode node, List<String> order, String hint, String notOne)
      throws ScenarioException {
    List<String> chosen =
        node.textsOnce(hint, "table", order::contains, t -> "'" + t + "' is not " + notOne);
    if (chosen.isEmpty()) {
      throw node.error("is empty; " + hint);
    }
    return order.stream().filter(chosen::contains).toList();
  }

  static ObjectNode middleTablesSchema() {
    return list(enumOf(DatasetSpec.MIDDLE_TABLES, null))
        .put("description", "The middle tables to load, loaded in the order nodes, ways, rels.");
  }

  /**
   * The {@code file:} of a dataset, relative to the scenario file's directory: an OSM PBF file,
   * unless the scenario is trusted.
   */
  static Path pbfFile(YamlNode fileNode, Path scenarioFile, boolean trusted)
      throws ScenarioException {
    String written = fileNode.asText(PBF_HINT);
    Path parent = scenarioFile.toAbsolutePath().getParent();
    Path file = parent == null ? Path.of(written) : parent.resolve(written).normalize();
    if (!trusted && !written.endsWith(".pbf")) {
      // a file of any other kind (a key, a password file) is not the scenario's to read
      throw fileNode.error(
          untrusted(
              NOT_PBF, "give a .osm.pbf file, or DATA=<file> on the command line"));
    }
    if (!Files.isRegularFile(file)) {
      throw fileNode.error(
          "no such file '"
              + written
              + "' (looked for "
              + file
              + "); give a path to an .osm.pbf file, relative to the scenario");
    }
    return file;
  }

  private static final String NOT_PBF = "a file that is not an OSM PBF file";

  static final String PBF_HINT =
      "give the OSM PBF file, e.g. file: ../data/andorra-2023-07-12.osm.pbf";

  static ObjectNode pbfFileSchema() {
    return type("string")
        .put("pattern", "\\.pbf$")
        .put("errorMessage", untrusted(NOT_PBF, "give a .osm.pbf file"))
        .put(
            "description",
            "The .osm.pbf file, relative to the scenario file; any other kind of file"
                + " needs "
                + AllowedSettings.TRUST_FLAG
                + ". DATA=<file> on the command line loads another.");
  }

  /** One of {@code allowed}, written in any case; {@code absent} when not given. */
  static Key<String> oneOf(String name, List<String> allowed, String description) {
    String hint = "use " + String.join(", ", allowed);
    return Key.of(name, () -> enumOf(allowed, description))
        .hint(hint)
        .reading(
            node -> {
              String value = node.asText(hint).toLowerCase(Locale.ROOT);
              if (!allowed.contains(value)) {
                throw node.error("'" + value + "' is not a " + name + "; " + hint);
              }
              return value;
            });
  }
}
