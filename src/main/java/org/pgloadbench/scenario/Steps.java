package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.consts;
import static org.pgloadbench.scenario.SchemaNodes.known;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.StepKind;

/** The {@code steps} of a scenario: what each does, how the loader reads them, their schema. */
final class Steps {
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

  private Steps() {}

  static String listed() {
    return String.join(", ", StepKind.names());
  }

  static List<StepKind> read(YamlNode node) throws ScenarioException {
    String hint = ScenarioKeys.STEPS.hint();
    List<StepKind> steps = new ArrayList<>();
    for (YamlNode item : node.asList(hint).items()) {
      String name = item.asText(hint);
      StepKind step =
          StepKind.find(name)
              .orElseThrow(
                  () ->
                      item.error(
                          "unknown step '"
                              + name
                              + "'"
                              + YamlNode.didYouMean(name, StepKind.names())
                              + "; known steps: "
                              + listed()));
      if (steps.contains(step)) {
        throw item.error("'" + step + "' is listed twice; list each step once");
      }
      steps.add(step);
    }
    // drop (a no-op on the fresh database, timed as pgbench -i times it) may come first
    int first = steps.isEmpty() || steps.get(0) != StepKind.DROP ? 0 : 1;
    if (steps.size() < first + 2
        || !steps.subList(first, first + 2).equals(List.of(StepKind.CREATE, StepKind.COPY))) {
      throw node.error(
          "must start with create, copy (the table is created, then loaded), after drop if"
              + " listed; got "
              + steps);
    }
    return steps;
  }

  static ObjectNode schema() {
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

  static ObjectNode stepName() {
    return JSON.objectNode().set("enum", strings(StepKind.names()));
  }
}
