package org.pgloadbench.overhead;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.render.Section;
import org.pgloadbench.results.StoredRun;

/**
 * What a head-to-head against another program (pgbench, osm2pgsql) tells the overhead report beside
 * the loads it stored: its setup lines and how its section reads the stored run; or why it was
 * skipped.
 */
public record PairResult(List<String> setup, Section<StoredRun> section, String skipped) {
  private static final Section<StoredRun> NOTHING = (run, page) -> {};

  public PairResult {
    setup = List.copyOf(setup);
  }

  public static PairResult skipped(String why) {
    return new PairResult(List.of(), NOTHING, why);
  }

  /**
   * Why a pair against scenario {@code name} does not run, or null: left out on purpose ({@code
   * none}: nothing to report, nothing skipped), a program it needs missing ({@code missing}, else
   * null), or no such scenario.
   */
  static PairResult unavailable(String name, Path scenarios, String missing) {
    if (name.equals("none")) {
      return new PairResult(List.of(), NOTHING, null);
    }
    if (missing != null) {
      return skipped(missing);
    }
    boolean exists = Files.exists(scenarios.resolve(name + ".yaml")) || Files.exists(Path.of(name));
    return exists ? null : skipped("no scenario " + name + " to compare it with");
  }
}
