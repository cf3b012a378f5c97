package org.pgloadbench.scenario;

import java.util.List;
import java.util.regex.Pattern;
import org.pgloadbench.scenario.Axis.Accepts;

/**
 * The axes of a GIN index's storage parameters (int-arrays).
 */
final class GinAxes {
  private GinAxes() {}

  static Axis<Boolean> fastupdate() {
    return new Axis<>(
        "fastupdate",
        "GIN's fastupdate storage parameter (int-arrays)",
        "on",
        "a fastupdate setting",
        "use on (new entries go to the pending list first, PostgreSQL's default) or off",
        // YAML 1.1 reads a bare on / off as a boolean, YAML 1.2 (editors) as text
        Accepts.oneOf(List.of("on", "off", "true", "false")),
        v -> v.equals("on") || v.equals("true"),
        v -> "fastupdate-" + (v.equals("on") || v.equals("true") ? "on" : "off"));
  }

  /** In kB; 0 ({@code default}) leaves the index without it, so the server's setting applies. */
  static Axis<Integer> ginPendingListLimit() {
    return new Axis<>(
        "gin_pending_list_limit",
        "GIN's gin_pending_list_limit storage parameter, from 64kB to 2GB, or default"
            + " (the server's setting)",
        "default",
        "a pending list limit",
        "use default (the server's setting) or a size from 64kB to 2GB with a unit, e.g. 64kB,"
            + " 4MB, 1GB",
        // from 64kB; the upper bound (2GB) is the parser's alone
        Accepts.matching(
            "default|(6[4-9]|[7-9][0-9]|[1-9][0-9]{2,9})kB|[1-9][0-9]{0,9}(MB|GB)", 1, 0),
        GinAxes::pendingListKilobytes,
        v -> "pending-" + v);
  }

  private static final Pattern KILOBYTES = Pattern.compile("([1-9][0-9]{0,9})(kB|MB|GB)");

  /** The typed value of {@code default} ({@code 0} for none) and of {@code 4MB}, in kB. */
  private static Integer pendingListKilobytes(String value) {
    if (value.equals("default")) {
      return 0;
    }
    var m = KILOBYTES.matcher(value);
    if (!m.matches()) {
      return null;
    }
    long kb =
        Long.parseLong(m.group(1))
            * switch (m.group(2)) {
              case "kB" -> 1L;
              case "MB" -> 1024L;
              default -> 1024L * 1024;
            };
    return kb >= 64 && kb <= Integer.MAX_VALUE ? (int) kb : null;
  }
}
