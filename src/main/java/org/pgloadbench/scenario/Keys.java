package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.described;
import static org.pgloadbench.scenario.SchemaNodes.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Supplier;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The keys of one section of a scenario, each declared once: its name, the JSON Schema of what it
 * takes (with the description an editor shows), whether it must be given and the hint the loader's
 * error ends with. The loader allows exactly these keys and the schema describes exactly these, so
 * a key added here is in both, and one cannot be in one only.
 */
record Keys(List<Key<?>> all) {
  Keys {
    all = List.copyOf(all);
  }

  static Keys of(Key<?>... keys) {
    return new Keys(List.of(keys));
  }

  /**
   * One key: what the loader does with its value, {@code read}, beside what the schema says of it.
   *
   * @param hint how to write it, ending the loader's error when it is missing or wrong; null for
   *     none
   */
  record Key<T>(
      String name, boolean required, String hint, Supplier<ObjectNode> schema, Read<T> read) {

    /** A key the section's reader checks itself, its value being the node as written. */
    static Key<YamlNode> of(String name, Supplier<ObjectNode> schema) {
      return new Key<>(name, false, null, schema, node -> node);
    }

    static Key<YamlNode> of(String name, String description, Supplier<ObjectNode> schema) {
      return of(name, () -> described(schema.get(), description));
    }

    /** Text, as a scalar writes it. */
    static Key<String> text(String name, String description) {
      return of(name, description, () -> SchemaNodes.type("string"))
          .reading(node -> node.asText("write it as text"));
    }

    /** A whole number from {@code min} to {@code max}; a null description describes none. */
    static Key<Long> whole(String name, long min, long max, String description) {
      Supplier<ObjectNode> schema = () -> SchemaNodes.whole(min, max);
      return (description == null ? of(name, schema) : of(name, description, schema))
          .reading(
              node -> {
                long value = node.asWhole(min);
                if (value > max) {
                  throw node.error("'" + value + "' is too large; use at most " + max);
                }
                return value;
              });
    }

    /** A count from {@code min} that fits an int. */
    static Key<Integer> count(String name, String description, int min) {
      return of(name, description, () -> SchemaNodes.whole(min, Integer.MAX_VALUE))
          .reading(node -> intAtLeast(node, min));
    }

    /** A whole number >= {@code min} that fits an int. */
    static int intAtLeast(YamlNode node, int min) throws ScenarioException {
      long value = node.asWhole(min);
      if (value > Integer.MAX_VALUE) {
        throw node.error("'" + value + "' is too large");
      }
      return (int) value;
    }

    /** This key, which must be given: {@code hint} says how. */
    Key<T> required(String hint) {
      return new Key<>(name, true, hint, schema, read);
    }

    <R> Key<R> reading(Read<R> read) {
      return new Key<>(name, required, hint, schema, read);
    }

    Key<T> hint(String hint) {
      return new Key<>(name, required, hint, schema, read);
    }

    /** As written, for a key the section's reader checks with others; null when not given. */
    YamlNode node(Mapping m) {
      return m.optional(name);
    }

    /** The value read, {@code absent} when not given; a required key must be given. */
    T in(Mapping m, T absent) throws ScenarioException {
      YamlNode node = required ? m.required(name, hint) : m.optional(name);
      return node == null ? absent : read.from(node);
    }

    T in(Mapping m) throws ScenarioException {
      return in(m, null);
    }
  }

  /** The check of a value, with file:line errors. */
  interface Read<T> {
    T from(YamlNode node) throws ScenarioException;
  }

  /** A number above 0, as text reads it; null for any other text. */
  static Double positive(String text) {
    try {
      double value = Double.parseDouble(text);
      return value > 0 && Double.isFinite(value) ? value : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  List<String> names() {
    return all.stream().map(Key::name).toList();
  }

  /** Refuses a key not declared here, suggesting the closest one. */
  void allowOnly(Mapping m) throws ScenarioException {
    m.allowOnly(names(), "keys");
  }

  /** The schema's {@code properties}: every key, in the order declared. */
  ObjectNode properties() {
    ObjectNode properties = JSON.objectNode();
    all.forEach(key -> properties.set(key.name(), key.schema().get()));
    return properties;
  }

  /** An object of exactly these keys, the required ones required. */
  ObjectNode object() {
    return SchemaNodes.type("object")
        .<ObjectNode>set("properties", properties())
        .put("additionalProperties", false)
        .set("required", required());
  }

  /** The schema's {@code required}: the keys the loader requires. */
  ArrayNode required() {
    return strings(all.stream().filter(Key::required).map(Key::name).toList());
  }
}
