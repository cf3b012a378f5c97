package org.pgloadbench.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.regex.Pattern;
import org.pgloadbench.recipe.StepKind;

/** The small builders of JSON Schema nodes every part of {@link ScenarioSchema} is made of. */
final class SchemaNodes {
  private SchemaNodes() {}

  static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  static ObjectNode when(ObjectNode condition, ObjectNode then) {
    return JSON.objectNode().<ObjectNode>set("if", condition).set("then", then);
  }

  /**
   * A schema no value passes, with the message an editor shows ({@code errorMessage}, read by
   * yaml-language-server and VS Code on a failed enum, where a failed {@code not} says only
   * "Matches a schema that is not allowed"; other validators ignore it), and never suggested. An
   * enum must list a value: null, which the {@code not} refuses.
   */
  static ObjectNode refused(String why) {
    return JSON.objectNode()
        .<ObjectNode>set("enum", JSON.arrayNode().addNull())
        .<ObjectNode>set("not", type("null"))
        .put("errorMessage", why)
        .put("doNotSuggest", true);
  }

  /** {@code {properties: {key: value}}}: what an object's {@code key} must be, if it is there. */
  static ObjectNode property(String key, JsonNode value) {
    return JSON.objectNode().set("properties", JSON.objectNode().set(key, value));
  }

  /** {@code {required: [keys]}}: an object with these keys. */
  static ObjectNode requiring(String... keys) {
    return JSON.objectNode().set("required", strings(List.of(keys)));
  }

  /** {@code {required: [key], properties: {key: value}}}: an object with {@code key} so. */
  static ObjectNode given(String key, JsonNode value) {
    return requiring(key).setAll(property(key, value));
  }

  static ObjectNode notRequired(String key) {
    return JSON.objectNode().set("not", requiring(key));
  }

  static ObjectNode contains(ArrayNode values) {
    return JSON.objectNode().set("contains", JSON.objectNode().set("enum", values));
  }

  static ObjectNode type(String type) {
    return JSON.objectNode().put("type", type);
  }

  static ObjectNode described(ObjectNode node, String description) {
    return node.put("description", description);
  }

  static ObjectNode pattern(Pattern pattern) {
    return type("string").put("pattern", "^(?:" + pattern.pattern() + ")$");
  }

  /** Text matching {@code pattern}, which YAML may write as a number: 17, 16.4. */
  static ObjectNode versionLike(Pattern pattern) {
    return pattern(pattern).set("type", strings(List.of("string", "number")));
  }

  static ObjectNode whole(long min, long max) {
    return type("integer").put("minimum", min).put("maximum", max);
  }

  /** A whole number from 1, or one of {@code words} (repeat: auto, restart: never). */
  static ObjectNode countOr(List<String> words) {
    return anyOf(whole(1, Integer.MAX_VALUE), enumOf(words, null));
  }

  /** {@code {anyOf: [alternatives]}}: a value that passes at least one of them. */
  static ObjectNode anyOf(JsonNode... alternatives) {
    return JSON.objectNode().set("anyOf", JSON.arrayNode().addAll(List.of(alternatives)));
  }

  /** A non-empty list of distinct items. */
  static ObjectNode list(ObjectNode items) {
    return type("array")
        .<ObjectNode>set("items", items)
        .put("minItems", 1)
        .put("uniqueItems", true);
  }

  static ObjectNode enumOf(List<String> values, String description) {
    ObjectNode node = JSON.objectNode().set("enum", strings(values));
    return description == null ? node : node.put("description", description);
  }

  static ArrayNode strings(List<String> values) {
    ArrayNode array = JSON.arrayNode();
    values.forEach(array::add);
    return array;
  }

  static ArrayNode consts(List<StepKind> steps) {
    ArrayNode array = JSON.arrayNode();
    steps.forEach(s -> array.add(JSON.objectNode().put("const", s.yamlName())));
    return array;
  }
}
