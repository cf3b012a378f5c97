package org.pgloadbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.scenario.YamlNode.Sequence;

/**
 * Where each field of a scenario was written, so that a mistake only found after loading (a version
 * the target does not offer, an image or bin dir that does not exist) is reported like the loader's
 * own: {@code file:line: field: what; what to do}. A field replaced from the command line is
 * reported under its override, e.g. {@code PG=13: ...}.
 *
 * @param lines the line of every field, by path as {@link YamlNode#path} writes it ({@code
 *     servers.versions[1]})
 * @param overrides paths replaced from the command line, with the override as the user wrote it
 */
public record Origins(String file, Map<String, Integer> lines, Map<String, String> overrides) {

  public Origins {
    lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
    overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
  }

  static Origins of(YamlNode root) {
    Map<String, Integer> lines = new LinkedHashMap<>();
    collect(root, lines);
    return new Origins(root.file(), lines, Map.of());
  }

  private static void collect(YamlNode node, Map<String, Integer> lines) {
    lines.put(node.path(), node.line());
    if (node instanceof Mapping m) {
      m.values().values().forEach(v -> collect(v, lines));
    } else if (node instanceof Sequence s) {
      s.items().forEach(i -> collect(i, lines));
    }
  }

  /** These origins with {@code path} and everything under it replaced by {@code override}. */
  Origins overriddenBy(String path, String override) {
    Map<String, String> all = new LinkedHashMap<>(overrides);
    all.put(path, override);
    return new Origins(file, lines, all);
  }

  /**
   * An error about the field at {@code path}: {@code file:line: path: message}, at the line of the
   * field or, when it was not written (a default), of the nearest field holding it.
   */
  public ScenarioException error(String path, String message) {
    return new ScenarioException(at(path, message));
  }

  /** {@code message} about the field at {@code path}, where {@link #error} would put it. */
  public String at(String path, String message) {
    for (var e : overrides.entrySet()) {
      if (isWithin(path, e.getKey())) {
        return e.getValue() + ": " + message;
      }
    }
    String at = path;
    while (!lines.containsKey(at) && !at.isEmpty()) {
      at = at.substring(0, Math.max(0, Math.max(at.lastIndexOf('.'), at.lastIndexOf('['))));
    }
    return file + ":" + lines.getOrDefault(at, 1) + ": " + path + ": " + message;
  }

  private static boolean isWithin(String path, String ancestor) {
    return path.equals(ancestor)
        || path.startsWith(ancestor + ".")
        || path.startsWith(ancestor + "[");
  }
}
