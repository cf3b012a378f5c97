package org.pgloadbench.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.scenario.YamlNode.Kind;

/**
 * Reads a YAML document into {@link YamlNode}s through Jackson's streaming parser, token by token,
 * so that each node keeps the line it was written at; what the parser refuses becomes one line
 * naming the file, line and column.
 */
final class YamlReader {
  private YamlReader() {}

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
        var mark = y.getProblemMark();
        return syntaxError(
            file, mark.getLine() + 1, mark.getColumn() + 1, reason.replaceAll("\\s+", " "));
      }
    }
    String reason = e.getOriginalMessage().lines().findFirst().orElse("unreadable YAML");
    int cut = reason.indexOf(", got this instead");
    if (cut > 0) {
      reason = reason.substring(0, cut);
    }
    var where = e.getLocation();
    return where == null
        ? syntaxError(file, 1, 1, reason)
        : syntaxError(file, where.getLineNr(), where.getColumnNr(), reason);
  }

  private static ScenarioException syntaxError(String file, int line, int column, String reason) {
    return new ScenarioException(
        file + ":" + line + ":" + column + ": YAML syntax error: " + reason);
  }

  /** The node starting at {@code token}; a mapping or list takes {@code line}, its key's line. */
  private static YamlNode read(
      String file, JsonParser parser, JsonToken token, String path, int line)
      throws IOException, ScenarioException {
    int own = parser.currentTokenLocation().getLineNr();
    if (token == JsonToken.START_OBJECT) {
      Map<String, YamlNode> values = new LinkedHashMap<>();
      Map<String, Integer> keyLines = new LinkedHashMap<>();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String key = parser.currentName();
        int keyLine = parser.currentTokenLocation().getLineNr();
        String keyPath = YamlNode.child(path, key);
        if (values.containsKey(key)) {
          throw new ScenarioException(
              file + ":" + keyLine + ": " + keyPath + ": duplicate key; keep only one");
        }
        keyLines.put(key, keyLine);
        values.put(key, read(file, parser, parser.nextToken(), keyPath, keyLine));
      }
      return new YamlNode.Mapping(
          file,
          path,
          line,
          Collections.unmodifiableMap(values),
          Collections.unmodifiableMap(keyLines));
    }
    if (token == JsonToken.START_ARRAY) {
      List<YamlNode> items = new ArrayList<>();
      for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
        String itemPath = path + "[" + items.size() + "]";
        items.add(read(file, parser, t, itemPath, parser.currentTokenLocation().getLineNr()));
      }
      return new YamlNode.Sequence(file, path, line, List.copyOf(items));
    }
    Kind kind =
        switch (token) {
          case VALUE_STRING -> Kind.STRING;
          case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> Kind.NUMBER;
          case VALUE_TRUE, VALUE_FALSE -> Kind.BOOLEAN;
          case VALUE_NULL -> Kind.NULL;
          default -> // e.g. !!binary
              throw new ScenarioException(
                  file + ":" + own + ": " + path + ": unsupported YAML value; use text, numbers,"
                      + " lists and mappings");
        };
    // YAML also spells booleans yes/no/on/off: keep one spelling.
    String text =
        kind == Kind.BOOLEAN
            ? String.valueOf(token == JsonToken.VALUE_TRUE)
            : kind == Kind.NULL ? null : parser.getText();
    return new YamlNode.Scalar(file, path, own, text, kind);
  }
}
