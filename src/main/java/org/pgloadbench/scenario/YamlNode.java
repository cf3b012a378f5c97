package org.pgloadbench.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
              "unknown key '"
                  + key
                  + "'"
                  + (path.isEmpty() ? "" : " in " + path)
                  + didYouMean(key, known)
                  + "; known "
                  + noun
                  + ": "
                  + String.join(", ", known));
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
    String best = null;
    int bestDistance = Math.min(3, Math.max(1, word.length() / 3) + 1);
    for (String candidate : known) {
      int d = distance(word, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
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

  /** Reads one YAML document; malformed YAML becomes a one-line {@code file:line:col:} error. */
  static YamlNode parse(String file, String text) throws ScenarioException {
    try (JsonParser parser = new YAMLFactory().createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new ScenarioException(
            file + ":1: the file is empty; a scenario needs name, dataset, servers and steps");
      }
      YamlNode root = read(file, parser, first, "", 1);
      if (parser.nextToken() != null) {
        throw root.at(
            parser.currentTokenLocation().getLineNr(),
            "a second YAML document; keep one scenario per file (remove the '---')");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw syntaxError(file, e);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // reading a String does no I/O
    }
  }

  private static ScenarioException syntaxError(String file, JsonProcessingException e) {
    // SnakeYAML's own exception knows the precise position and a one-phrase problem; Jackson's
    // message adds a multi-line excerpt, so use it only as a fallback.
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof org.yaml.snakeyaml.error.MarkedYAMLException y
          && y.getProblemMark() != null) {
        String reason = y.getProblem();
        if (y.getContext() != null) {
          reason += " (" + y.getContext() + ")";
        }
        return new ScenarioException(
            file
                + ":"
                + (y.getProblemMark().getLine() + 1)
                + ":"
                + (y.getProblemMark().getColumn() + 1)
                + ": YAML syntax error: "
                + reason.replaceAll("\\s+", " "));
      }
    }
    String reason = e.getOriginalMessage().lines().findFirst().orElse("unreadable YAML");
    int cut = reason.indexOf(", got this instead");
    if (cut > 0) {
      reason = reason.substring(0, cut);
    }
    var where = e.getLocation();
    return new ScenarioException(
        file
            + ":"
            + (where == null ? 1 : where.getLineNr())
            + ":"
            + (where == null ? 1 : where.getColumnNr())
            + ": YAML syntax error: "
            + reason);
  }

  /** The node starting at {@code token}; a mapping or list takes {@code line}, its key's line. */
  private static YamlNode read(
      String file, JsonParser parser, JsonToken token, String path, int line)
      throws IOException, ScenarioException {
    int own = parser.currentTokenLocation().getLineNr();
    switch (token) {
      case START_OBJECT:
        {
          Map<String, YamlNode> values = new LinkedHashMap<>();
          Map<String, Integer> keyLines = new LinkedHashMap<>();
          while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int keyLine = parser.currentTokenLocation().getLineNr();
            if (values.containsKey(key)) {
              throw new ScenarioException(
                  file
                      + ":"
                      + keyLine
                      + ": "
                      + child(path, key)
                      + ": duplicate key; keep only one");
            }
            keyLines.put(key, keyLine);
            values.put(key, read(file, parser, parser.nextToken(), child(path, key), keyLine));
          }
          return new Mapping(
              file,
              path,
              line,
              Collections.unmodifiableMap(values),
              Collections.unmodifiableMap(keyLines));
        }
      case START_ARRAY:
        {
          List<YamlNode> items = new ArrayList<>();
          for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            String itemPath = path + "[" + items.size() + "]";
            items.add(read(file, parser, t, itemPath, parser.currentTokenLocation().getLineNr()));
          }
          return new Sequence(file, path, line, List.copyOf(items));
        }
      case VALUE_STRING:
        return new Scalar(file, path, own, parser.getText(), Kind.STRING);
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new Scalar(file, path, own, parser.getText(), Kind.NUMBER);
      case VALUE_TRUE:
      case VALUE_FALSE:
        // YAML also spells booleans yes/no/on/off: keep one spelling.
        String bool = String.valueOf(token == JsonToken.VALUE_TRUE);
        return new Scalar(file, path, own, bool, Kind.BOOLEAN);
      case VALUE_NULL:
        return new Scalar(file, path, own, null, Kind.NULL);
      default: // e.g. !!binary
        throw new ScenarioException(
            file
                + ":"
                + own
                + ": "
                + path
                + ": unsupported YAML value; use text, numbers, lists"
                + " and mappings");
    }
  }
}
