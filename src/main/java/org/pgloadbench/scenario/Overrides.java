package org.pgloadbench.scenario;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.dataset.DatasetSpec;

/**
 * Values given on the command line (make variables PG, SCALE, REPEAT, WARMUP, DATA, TARGET, BUILDS,
 * IMAGE, MEMORY, BUDGET, DISK, INSTRUCTIONS), typed, that replace a scenario's; null keeps the
 * scenario's value. The command line's flags are read into this record in one place (cli's
 * ScenarioArgs), through its one constructor, so that a value cannot be dropped on the way. Where
 * programs, images and servers come from is the user's choice, so these are also how a scenario
 * that lists build labels gets their bin dirs.
 *
 * @param versions replaces {@code servers.versions}
 * @param scale multiplies every row count (rounded, at least 1)
 * @param data an OSM PBF file whose objects replace the scenario's rows, same tables
 * @param target replaces {@code servers.target}, as TARGET= gives it
 * @param builds local builds, label to bin dir, in order (BUILDS=head=DIR,patch=DIR): the local
 *     target with these builds
 * @param image the container target's image (IMAGE=)
 * @param memory every server's memory cap (MEMORY=), as written: {@code 1GB}, or {@code none}
 * @param auto REPEAT=auto: rounds until the answer is sure; null keeps the scenario's
 * @param budgetSeconds BUDGET=: the time the rounds may take per server
 * @param disk every server's disk limit (DISK=), as written: {@code gp3}, {@code write=30MB/s}, or
 *     {@code none}
 * @param instructions INSTRUCTIONS=1: count each step's instructions, the servers under valgrind
 *     ({@code measure: instructions}); 0 measures time alone; null keeps the scenario's
 */
public record Overrides(
    List<String> versions,
    Double scale,
    Integer repeat,
    Integer warmup,
    Path data,
    String target,
    Map<String, String> builds,
    String image,
    String memory,
    Boolean auto,
    Long budgetSeconds,
    String disk,
    Boolean instructions) {
  public static final Overrides NONE =
      new Overrides(null, null, null, null, null, null, null, null, null, null, null, null, null);

  public Overrides {
    versions = versions == null ? null : List.copyOf(versions);
    builds = builds == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(builds));
  }

  /**
   * A field of the record, typed, for {@link #with}: its place in the canonical constructor. Only
   * the constants below are fields.
   */
  public static final class Field<T> {
    private final int index;

    private Field(int index) {
      this.index = index;
    }
  }

  public static final Field<List<String>> VERSIONS = new Field<>(0);
  public static final Field<Double> SCALE = new Field<>(1);
  public static final Field<Integer> REPEAT = new Field<>(2);
  public static final Field<Integer> WARMUP = new Field<>(3);
  public static final Field<Path> DATA = new Field<>(4);
  public static final Field<String> TARGET = new Field<>(5);
  public static final Field<Map<String, String>> BUILDS = new Field<>(6);
  public static final Field<String> IMAGE = new Field<>(7);
  public static final Field<String> MEMORY = new Field<>(8);
  public static final Field<Boolean> AUTO = new Field<>(9);
  public static final Field<Long> BUDGET_SECONDS = new Field<>(10);
  public static final Field<String> DISK = new Field<>(11);
  public static final Field<Boolean> INSTRUCTIONS = new Field<>(12);

  /**
   * These overrides with {@code field} set to {@code value}, e.g. {@code NONE.with(DISK, "gp3")}:
   * the one way to change a field, through the canonical constructor.
   */
  @SuppressWarnings("unchecked")
  public <T> Overrides with(Field<T> field, T value) {
    Object[] f = {
      versions, scale, repeat, warmup, data, target, builds, image, memory, auto, budgetSeconds,
      disk, instructions
    };
    f[field.index] = value;
    // typed, so that a field added to the record and not here fails to compile
    return new Overrides(
        (List<String>) f[0],
        (Double) f[1],
        (Integer) f[2],
        (Integer) f[3],
        (Path) f[4],
        (String) f[5],
        (Map<String, String>) f[6],
        (String) f[7],
        (String) f[8],
        (Boolean) f[9],
        (Long) f[10],
        (String) f[11],
        (Boolean) f[12]);
  }

  /**
   * The values' own rules (versions, SCALE > 0, ...), named by their make variables; {@link
   * Scenario#withOverrides} checks them before applying any.
   */
  public void validate() throws ScenarioException {
    if (versions != null) {
      String given = "PG=" + String.join(",", versions);
      if (versions.isEmpty() || versions.equals(List.of(""))) {
        throw new ScenarioException(given + ": give at least one version (e.g. 17 or 15,17)");
      }
      Set<String> seen = new HashSet<>();
      for (String v : versions) {
        if (!ServersSpec.VERSION.matcher(v).matches()) {
          throw new ScenarioException(
              given + ": '" + v + "' is not a PostgreSQL version (expected e.g. 17 or 15,17)");
        }
        if (!seen.add(v)) {
          throw new ScenarioException(
              given + ": '" + v + "' is given twice; list each version once");
        }
      }
    }
    if (scale != null && !(scale > 0 && Double.isFinite(scale))) {
      throw new ScenarioException("SCALE=" + show(scale) + ": must be a number > 0");
    }
    if (repeat != null && repeat < 1) {
      throw new ScenarioException("REPEAT=" + repeat + ": must be a whole number >= 1");
    }
    if (warmup != null && warmup < 0) {
      throw new ScenarioException("WARMUP=" + warmup + ": must be a whole number >= 0");
    }
    if (memory != null && Axis.MEMORY.parse(memory).isEmpty()) {
      throw new ScenarioException("MEMORY=" + memory + ": " + Axis.MEMORY.hint());
    }
    if (disk != null && Axis.DISK.parse(disk).isEmpty()) {
      throw new ScenarioException("DISK=" + disk + ": " + Axis.DISK.hint());
    }
    if (data != null && !Files.isRegularFile(data)) {
      throw new ScenarioException(
          "DATA=" + data + ": no such file; give an OpenStreetMap .osm.pbf file");
    }
  }

  /**
   * The scenario's cells on servers capped by MEMORY (none: uncapped), in the place of {@code
   * servers.memory}; refused where the scenario compares caps on its memory axis.
   */
  List<Cell> cells(List<String> axes, List<Cell> cells, Map<String, String> settings)
      throws ScenarioException {
    List<Cell> capped = memory == null ? cells : MemoryCaps.override(memory, axes, cells, settings);
    return disk == null ? capped : throttled(axes, capped);
  }

  /**
   * The cells on servers whose disk DISK= limits ({@code none}: unlimited), in the place of {@code
   * servers.disk}; refused where the scenario compares limits on its disk axis.
   */
  private List<Cell> throttled(List<String> axes, List<Cell> cells) throws ScenarioException {
    if (axes.contains(Axis.DISK.name())) {
      throw new ScenarioException(
          "DISK=" + disk + ": the scenario compares disk limits on its disk axis; leave DISK out");
    }
    var limit = Axis.DISK.parse(disk).orElseThrow();
    return cells.stream()
        .map(c -> new Cell(c.label(), c.axes(), c.variant().with(Axis.DISK.name(), limit)))
        .toList();
  }

  /**
   * The scenario's dataset with DATA or SCALE applied: DATA's objects in the same osm tables, or
   * its geometries in the same geometry tables.
   */
  DatasetSpec dataset(DatasetSpec scenario) throws ScenarioException {
    if (data == null) {
      return scale == null ? scenario : scenario.scaled(scale);
    }
    DatasetSpec fromFile = scenario.fromFile(data.toAbsolutePath());
    if (fromFile == null) {
      throw new ScenarioException(
          "DATA="
              + data
              + ": the scenario loads "
              + scenario.kind()
              + " rows, not OpenStreetMap data; leave DATA out");
    }
    return fromFile;
  }

  /** The scenario's stopping rule with REPEAT (a number: fixed rounds; auto) and BUDGET applied. */
  Stopping stopping(Stopping scenario) {
    Stopping stopping = auto == null ? scenario : scenario.withAuto(auto);
    return budgetSeconds == null ? stopping : stopping.withBudget(budgetSeconds);
  }

  /** Where fields now come from: a mistake in what PG or TARGET replaced is reported at them. */
  Origins origins(Origins scenario) {
    Origins origins = scenario;
    if (versions != null) {
      origins = origins.overriddenBy("servers.versions", "PG=" + String.join(",", versions));
    }
    if (target != null) {
      origins = origins.overriddenBy("servers", "TARGET=" + ServersSpec.shown(target));
    }
    if (builds != null) {
      origins = origins.overriddenBy("servers", "BUILDS=" + String.join(",", builds.keySet()));
    }
    if (image != null) {
      origins = origins.overriddenBy("servers.image", "IMAGE=" + image);
    }
    return origins;
  }

  /** 0 rather than 0.0, as a user would have typed it. */
  private static String show(double d) {
    return Double.isFinite(d)
        ? BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()
        : String.valueOf(d);
  }
}
