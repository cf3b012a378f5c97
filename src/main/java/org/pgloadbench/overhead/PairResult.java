package org.pgloadbench.overhead;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
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
   * null; asked only for a pair that is to run, as it searches the PATH), or no such scenario.
   */
  static PairResult unavailable(String name, Path scenarios, Supplier<String> missing) {
    if (name.equals("none")) {
      return new PairResult(List.of(), NOTHING, null);
    }
    String why = missing.get();
    if (why != null) {
      return skipped(why);
    }
    boolean exists = Files.exists(scenarios.resolve(name + ".yaml")) || Files.exists(Path.of(name));
    return exists ? null : skipped("no scenario " + name + " to compare it with");
  }
}
