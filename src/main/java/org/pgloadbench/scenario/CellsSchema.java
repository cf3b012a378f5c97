package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.Matrix.doesNotApply;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.described;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.pattern;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import org.pgloadbench.variant.LoaderKind;

/**
 * The {@code matrix}, {@code exclude} and {@code cells} sections of {@link ScenarioSchema}, and the
 * values of each axis as its {@link Axis} declares them.
 */
final class CellsSchema {
  private CellsSchema() {}

  static ObjectNode matrix() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "Every combination of these axes' values is a cell, labelled by its values, e.g."
            + " binary+freeze+pk-later; an axis left out takes its default. An axis that does not"
            + " apply to a cell's loader collapses there (a copy cell has no batch_size).");
    ObjectNode properties = JSON.objectNode();
    for (Axis<?> axis : Axis.ALL) {
      properties.set(axis.name(), described(list(axisValue(axis)), axisDescription(axis)));
    }
    node.set("properties", properties);
    node.put("additionalProperties", false);
    ArrayNode rules = JSON.arrayNode();
    for (Axis<?> axis : Axis.ALL) {
      List<String> without =
          Arrays.stream(LoaderKind.values())
              .filter(loader -> Matrix.notApplying(loader).containsKey(axis.name()))
              .map(LoaderKind::yamlName)
              .toList();
      if (without.isEmpty()) {
        continue;
      }
      // every cell's loader is one the axis does not apply to
      ArrayNode loaders =
          JSON.arrayNode()
              .add(
                  given(Axis.LOADER.name(), JSON.objectNode().set("items", enumOf(without, null))));
      if (without.contains(Axis.LOADER.defaultValue())) {
        loaders.add(notRequired(Axis.LOADER.name()));
      }
      String why = "the matrix's loaders have no " + axis.name();
      rules.add(
          when(
              requiring(axis.name()).set("anyOf", loaders),
              property(axis.name(), refused(Matrix.appliesToNoCell(axis.name(), why, "loader")))));
    }
    node.set("allOf", rules);
    return node;
  }

  static ObjectNode exclude() {
    ObjectNode entry = partialCell();
    entry.put("minProperties", 1);
    return type("array").set("items", entry);
  }

  static ObjectNode cells() {
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

  static ObjectNode partialCell() {
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
  static ObjectNode namedCell() {
    ObjectNode cell = partialCell();
    ArrayNode rules = JSON.arrayNode();
    for (LoaderKind loader : LoaderKind.values()) {
      ObjectNode refusedHere = JSON.objectNode();
      Matrix.notApplying(loader)
          .forEach((axis, why) -> refusedHere.set(axis, refused(doesNotApply(axis, loader, why))));
      if (!refusedHere.isEmpty()) {
        ObjectNode then = JSON.objectNode().set("properties", refusedHere);
        rules.add(when(ImpossibleCells.loaderIs(loader), then));
      }
    }
    ImpossibleCells.addSchema(rules);
    cell.set("allOf", rules);
    return cell;
  }

  /** {@code text} as YAML may write an axis's value: as text, and as a boolean or a number. */
  static ArrayNode value(Axis<?> axis, String text) {
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
    return anyOf(number, text);
  }

  static String axisDescription(Axis<?> axis) {
    String what = axis.description();
    return String.format(
        "%c%s (default %s): %s.",
        Character.toUpperCase(what.charAt(0)), what.substring(1), axis.defaultValue(), axis.hint());
  }
}
