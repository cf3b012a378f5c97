package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A YAML document read once into a small tree whose nodes remember their file, field path and line,
 * so that every validation error, whatever its cause, is reported as {@code file:line: path: what}.
 */
sealed interface YamlNode {
  String file();

  /** Where the node sits, e.g. {@code matrix.format[1]}; empty for the root. */
  String path();

  /** 1-based; a mapping or list held by a key is at the key's line. */
  int line();

  /** A scalar's text (booleans as {@code true}/{@code false}), or null for a YAML null. */
  record Scalar(String file, String path, int line, String text, Kind kind) implements YamlNode {}

  enum Kind {
    STRING,
    NUMBER,
    BOOLEAN,
    NULL
  }

  /** Keys in the order written; {@code keyLines} gives the line of each key. */
  record Mapping(
      String file,
      String path,
      int line,
      Map<String, YamlNode> values,
      Map<String, Integer> keyLines)
      implements YamlNode {

    /** The value of {@code key}, or null when the key is absent or has no value. */
    YamlNode optional(String key) {
      YamlNode value = values.get(key);
      return value instanceof Scalar s && s.kind() == Kind.NULL ? null : value;
    }

    YamlNode required(String key, String hint) throws ScenarioException {
      if (!values.containsKey(key)) {
        throw at(line, "missing '" + child(path, key) + "': " + hint);
      }
      YamlNode value = optional(key);
      if (value == null) {
        throw values.get(key).error("has no value; " + hint);
      }
      return value;
    }

    /** Rejects keys not in {@code known}, suggesting the closest one. */
    void allowOnly(List<String> known, String noun) throws ScenarioException {
      for (String key : values.keySet()) {
        if (!known.contains(key)) {
          throw at(
              keyLines.get(key),
              String.format(
                  "unknown key '%s'%s%s; known %s: %s",
                  key,
                  path.isEmpty() ? "" : " in " + path,
                  didYouMean(key, known),
                  noun,
                  String.join(", ", known)));
        }
      }
    }
  }

  record Sequence(String file, String path, int line, List<YamlNode> items) implements YamlNode {}

  default ScenarioException at(int line, String message) {
    return new ScenarioException(file() + ":" + line + ": " + message);
  }

  /** An error about this node: {@code file:line: path: message}. */
  default ScenarioException error(String message) {
    return at(line(), path().isEmpty() ? message : path() + ": " + message);
  }

  default String describe() {
    if (this instanceof Mapping) {
      return "a mapping";
    } else if (this instanceof Sequence) {
      return "a list";
    }
    String text = ((Scalar) this).text();
    return text == null ? "nothing" : "'" + text + "'";
  }

  default Mapping asMapping(String hint) throws ScenarioException {
    if (this instanceof Mapping m) {
      return m;
    }
    throw error("expected a mapping, got " + describe() + "; " + hint);
  }

  default Sequence asList(String hint) throws ScenarioException {
    if (this instanceof Sequence s) {
      return s;
    }
    throw error("expected a list, got " + describe() + "; " + hint);
  }

  /**
   * The items of this list, each read by {@code read}: an item read as one before is refused, as
   * listed twice.
   */
  default <T> List<T> eachOnce(String hint, String noun, Keys.Read<T> read)
      throws ScenarioException {
    List<T> values = new ArrayList<>();
    for (YamlNode item : asList(hint).items()) {
      T value = read.from(item);
      if (values.contains(value)) {
        throw item.error(
            "'" + item.asText(hint) + "' is listed twice; list each " + noun + " once");
      }
      values.add(value);
    }
    return values;
  }

  /** The texts of this list, each once, each {@code valid}: else refused, {@code invalid} of it. */
  default List<String> textsOnce(
      String hint, String noun, Predicate<String> valid, Function<String, String> invalid)
      throws ScenarioException {
    return eachOnce(
        hint,
        noun,
        item -> {
          String text = item.asText(hint);
          if (!valid.test(text)) {
            throw item.error(invalid.apply(text));
          }
          return text;
        });
  }

  /** A scalar's text: a number or boolean is accepted where text is expected. */
  default String asText(String hint) throws ScenarioException {
    if (this instanceof Scalar s && s.kind() != Kind.NULL) {
      return s.text();
    }
    throw error(
        this instanceof Scalar
            ? "has no value; " + hint
            : "expected a single value, got " + describe() + "; " + hint);
  }

  /** A scalar's text as {@code parse} reads it; one read as null is refused, {@code invalid}. */
  default <T> T as(String hint, Function<String, T> parse, Function<String, String> invalid)
      throws ScenarioException {
    String text = asText(hint);
    T value = parse.apply(text);
    if (value == null) {
      throw error(invalid.apply(text));
    }
    return value;
  }

  /** A scalar's text, one of {@code known}: else refused as not {@code what}, the closest named. */
  default String among(List<String> known, String what, String hint) throws ScenarioException {
    return as(
        hint,
        t -> known.contains(t) ? t : null,
        t -> "'" + t + "' is not " + what + didYouMean(t, known) + "; " + hint);
  }

  /** A YAML boolean ({@code true} or {@code false}, unquoted). */
  default boolean asBoolean(String hint) throws ScenarioException {
    if (this instanceof Scalar s && s.kind() == Kind.BOOLEAN) {
      return s.text().equals("true");
    }
    throw error("expected true or false, got " + describe() + "; " + hint);
  }

  default long asWhole(long min) throws ScenarioException {
    String expected = min == Long.MIN_VALUE ? "a whole number" : "a whole number >= " + min;
    if (!(this instanceof Scalar s) || s.kind() == Kind.NULL) {
      throw error("expected " + expected + ", got " + describe());
    }
    String text = s.text();
    try {
      // YAML allows 2_000_000 for a plain number; quoted text must be plain digits.
      long value = Long.parseLong(s.kind() == Kind.NUMBER ? text.replace("_", "") : text);
      if (value >= min) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error("expected " + expected + ", got '" + text + "'");
  }

  static String child(String path, String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** {@code " (did you mean 'x'?)"} for the known word closest to {@code word}, else empty. */
  static String didYouMean(String word, Collection<String> known) {
    String guess = closest(word, known);
    return guess == null ? "" : " (did you mean '" + guess + "'?)";
  }

  /** The known word within a small edit distance of {@code word}, or null. */
  static String closest(String word, Collection<String> known) {
    // About one typo per three letters, at most two: closer guesses than that mislead.
    int tooFar = Math.min(3, Math.max(1, word.length() / 3) + 1);
    return known.stream()
        .filter(candidate -> distance(word, candidate) < tooFar)
        .min(Comparator.comparingInt(candidate -> distance(word, candidate)))
        .orElse(null);
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int swap = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + swap);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
