package org.pgloadbench.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgloadbench.variant.SettingsProfile;

/**
 * Memory caps ({@code servers.memory}, {@code MEMORY=}, the {@code memory} axis): their sizes, and
 * the rule that a capped server's shared_buffers fits: at most half the cap, the other half left
 * for the backends' own memory (sorts, maintenance_work_mem) and the page cache. A cap smaller than
 * that would have the kernel kill backends, not show a regime.
 */
public final class MemoryCaps {
  static final int SMALLEST_MB = 32;

  /** none, or a size from 32MB (the parser's bound written out, so that a schema knows it). */
  static final String PATTERN = "none|(3[2-9]|[4-9][0-9]|[1-9][0-9]{2,5})MB|[1-9][0-9]{0,5}GB";

  private static final long MB = 1024L * 1024;
  private static final Pattern SIZE = Pattern.compile("([1-9][0-9]{0,5})(MB|GB)");
  private static final Pattern SETTING =
      Pattern.compile("\\s*([0-9]+)\\s*(kB|MB|GB|TB)?\\s*", Pattern.CASE_INSENSITIVE);

  private static final long DEFAULT_SHARED_BUFFERS = 128 * MB;

  private MemoryCaps() {}

  /** A cap as written ({@code 256MB}, {@code 1GB}) in bytes; 0 for none; null if not a cap. */
  static Long bytes(String value) {
    if (value.equals("none")) {
      return 0L;
    }
    Matcher m = SIZE.matcher(value);
    if (!m.matches()) {
      return null;
    }
    long bytes = Long.parseLong(m.group(1)) * (m.group(2).equals("GB") ? 1024 * MB : MB);
    return bytes >= SMALLEST_MB * MB ? bytes : null;
  }

  /** A cap as a scenario writes it: {@code 1GB}, {@code 256MB}. */
  public static String shown(long bytes) {
    return bytes % (1024 * MB) == 0 ? bytes / (1024 * MB) + "GB" : bytes / MB + "MB";
  }

  /**
   * Why a server capped at {@code cap} bytes with these settings cannot run, or null when its
   * shared_buffers (the scenario's, else its profile's for that much memory, else PostgreSQL's
   * default) is at most half the cap.
   */
  static String unfit(long cap, SettingsProfile profile, Map<String, String> settings) {
    String given = settings.get("shared_buffers");
    String source = "the scenario's";
    Long bytes = given == null ? null : settingBytes(given);
    if (given == null) {
      String fromProfile = profile.settings(cap).get("shared_buffers");
      bytes = fromProfile == null ? DEFAULT_SHARED_BUFFERS : settingBytes(fromProfile);
      source = fromProfile == null ? "PostgreSQL's default" : "the " + profile + " profile's";
    }
    if (bytes == null || bytes * 2 <= cap) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "a %s cap leaves no room beside shared_buffers (%s, %s): it must be at most half the cap,"
            + " the rest being the backends' memory and the page cache; set shared_buffers: %s"
            + " or give a cap of at least %s",
        shown(cap),
        shown(bytes),
        source,
        shown(cap / 2 / MB * MB),
        shown((bytes * 2 + MB - 1) / MB * MB));
  }

  /** The first capped cell's server that cannot run (see {@link #unfit}), or null. */
  static String unfit(List<Cell> cells, Map<String, String> settings) {
    return Cell.firstUnfit(
        cells,
        c -> {
          long cap = c.variant().memoryBytes();
          return cap > 0 ? unfit(cap, c.variant().settings(), settings) : null;
        });
  }

  /**
   * The cells on servers capped as MEMORY= says ({@code none}: uncapped), in the place of {@code
   * servers.memory}; refused where the scenario compares caps on its memory axis.
   */
  static List<Cell> override(
      String memory, List<String> axes, List<Cell> cells, Map<String, String> settings)
      throws ScenarioException {
    if (axes.contains(Axis.MEMORY.name())) {
      throw new ScenarioException(
          "MEMORY="
              + memory
              + ": the scenario compares memory caps on its memory axis; leave MEMORY out");
    }
    long bytes = Axis.MEMORY.parse(memory).orElseThrow();
    List<Cell> capped =
        cells.stream()
            .map(c -> new Cell(c.label(), c.axes(), c.variant().with(Axis.MEMORY.name(), bytes)))
            .toList();
    String unfit = unfit(capped, settings);
    if (unfit != null) {
      throw new ScenarioException("MEMORY=" + memory + ": " + unfit);
    }
    return capped;
  }

  /** A memory setting's value in bytes, as the server reads it (no unit: 8 kB pages). */
  static Long settingBytes(String value) {
    Matcher m = SETTING.matcher(value);
    if (!m.matches()) {
      return null;
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "" : m.group(2).toUpperCase(Locale.ROOT);
    return switch (unit) {
      case "KB" -> n * 1024;
      case "MB" -> n * MB;
      case "GB" -> n * 1024 * MB;
      case "TB" -> n * 1024 * 1024 * MB;
      default -> n * 8192;
    };
  }
}
