package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code osm2pgsql --slim -O null} (Debian 12's 1.8): only the middle tables, no rendering tables,
 * and the phase times its log prints. 1.8 prints the reading of the input (parse, COPY and ANALYZE
 * of the three tables together) and each object type in whole seconds ({@code Reading input files
 * done in 3s.}, {@code Processed 372749 nodes in 2s - 186k/s}); at log level debug it prints each
 * index build in milliseconds ({@code Done task in 728ms.}), two of them at once on its pool of
 * threads.
 */
public final class Osm2pgsqlImport {
  /** Not a cell label (labels have no spaces), so it never shares a row with a cell. */
  static final String NAME = "osm2pgsql --slim -O null";

  static final String READING = "reading input: parse, COPY, ANALYZE (whole s)";
  static final String INDEXES = "index builds, longest task";
  static final String OVERALL = "overall (whole s)";

  private static final Pattern READ = Pattern.compile("Reading input files done in (\\d+)s");
  private static final Pattern OBJECTS =
      Pattern.compile("Processed (\\d+) (nodes|ways|relations) in (\\d+)s");
  private static final Pattern TASK = Pattern.compile("Done task in (\\d+)ms");
  private static final Pattern TOOK = Pattern.compile("osm2pgsql took (\\d+)s overall");

  private final Path osm2pgsql = PgClient.program("osm2pgsql");

  /** Why it cannot run here, or null. */
  public String missing() {
    return osm2pgsql == null ? "osm2pgsql is not installed" : null;
  }

  /** What {@code osm2pgsql --version} says it is, e.g. {@code osm2pgsql version 1.8.0}. */
  public String version() throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(osm2pgsql.toString(), "--version").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    Matcher version = Pattern.compile("osm2pgsql version \\S+").matcher(out);
    return version.find() ? version.group() : "osm2pgsql, version unknown";
  }

  /**
   * Imports {@code pbf} into the client's database, which must have PostGIS (1.8 checks for it even
   * with {@code -O null}); returns its log. The password reaches it through the client's password
   * file only.
   */
  String run(PgClient client, Path pbf) throws IOException, InterruptedException {
    return client.run(
        List.of(
            osm2pgsql.toString(),
            "--slim",
            "-O",
            "null",
            "--log-level=debug",
            "--log-progress=false",
            "-H",
            client.host(),
            "-P",
            Integer.toString(client.port()),
            "-U",
            client.user(),
            "-d",
            client.database(),
            pbf.toAbsolutePath().toString()));
  }

  /**
   * Seconds per phase its log shows, in its order: the reading of the input, each object type
   * ({@code nodes (whole s)}), the longest index build, its overall time.
   */
  static Map<String, Double> phases(String log) throws IOException {
    Map<String, Double> phases = new LinkedHashMap<>();
    Matcher read = READ.matcher(log);
    if (!read.find()) {
      throw new IOException("osm2pgsql printed no 'Reading input files done in'");
    }
    phases.put(READING, Double.parseDouble(read.group(1)));
    Matcher objects = OBJECTS.matcher(log);
    while (objects.find()) {
      phases.put(objects.group(2) + " (whole s)", Double.parseDouble(objects.group(3)));
    }
    Matcher task = TASK.matcher(log);
    double longest = -1;
    while (task.find()) {
      longest = Math.max(longest, Long.parseLong(task.group(1)) / 1000.0);
    }
    if (longest >= 0) {
      phases.put(INDEXES, longest);
    }
    Matcher took = TOOK.matcher(log);
    if (took.find()) {
      phases.put(OVERALL, Double.parseDouble(took.group(1)));
    }
    return phases;
  }
}
