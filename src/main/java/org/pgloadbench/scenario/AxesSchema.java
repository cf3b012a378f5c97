package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.type;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The axes of {@link ScenarioSchema}: what each varies and the values it takes, as its {@link Axis}
 * declares them.
 */
final class AxesSchema {
  private AxesSchema() {}

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
    return JSON.objectNode().set("anyOf", JSON.arrayNode().add(number).add(text));
  }

  static String axisDescription(Axis<?> axis) {
    String what = axis.description();
    return Character.toUpperCase(what.charAt(0))
        + what.substring(1)
        + " (default "
        + axis.defaultValue()
        + "): "
        + axis.hint()
        + ".";
  }
}
