package org.pgloadbench.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;
import org.pgloadbench.variant.MiddleFormat;
import org.pgloadbench.variant.SettingsProfile;
import org.pgloadbench.variant.StandbyMode;
import org.pgloadbench.variant.WaysIndex;

/**
 * One matrix axis, declared whole. Its typed value is the cell's {@link LoadVariant} part under its
 * name. The axes are declared by family ({@link TableAxes}, {@link ServerAxes}); adding an axis is
 * its declaration in its family's file and one constant here, listed in {@link #ALL}. The loader,
 * the JSON Schema ({@link CellsSchema}) and the check of the docs' axes table all read it from
 * {@link #ALL}.
 *
 * <p>Values are kept as the text written ({@code binary}, {@code true}, {@code 2}); {@link #parse}
 * turns a valid one into its typed value.
 *
 * @param name the key in the matrix, in {@link Cell#axes()} and of this axis's variant part
 * @param description what the axis varies, as the JSON Schema says it
 * @param defaultValue the value when the axis is not in the matrix: what osm2pgsql does today
 * @param noun what a value is, e.g. {@code a format}, as in "'x' is not a format"
 * @param hint what to write instead of a wrong value, e.g. {@code use text or binary}
 * @param accepts the values this axis takes, as the JSON Schema of a scenario states them
 * @param parser the typed value of a value {@code accepts} admits; null where it narrows them
 * @param labeler how a value reads in a cell label, e.g. {@code pk-later}
 */
public record Axis<T>(
    String name,
    String description,
    String defaultValue,
    String noun,
    String hint,
    Accepts accepts,
    Function<String, T> parser,
    Function<String, String> labeler) {
  // Each axis is declared in its family's file and built here, once: a family holds no axis of
  // its own, so that no order of initializing the classes can leave one of these null.
  public static final Axis<CopyFormat> FORMAT = TableAxes.format();
  public static final Axis<Boolean> FREEZE = TableAxes.freeze();
  public static final Axis<Boolean> PK = TableAxes.pk();
  public static final Axis<Integer> CONNECTIONS = TableAxes.connections();
  public static final Axis<Boolean> UNLOGGED = TableAxes.unlogged();
  public static final Axis<Boolean> INDEXES = TableAxes.indexes();
  public static final Axis<WaysIndex> WAYS_INDEX = TableAxes.waysIndex();
  public static final Axis<MiddleFormat> MIDDLE_FORMAT = TableAxes.middleFormat();
  public static final Axis<SettingsProfile> SETTINGS = ServerAxes.settings();
  public static final Axis<LoaderKind> LOADER = TableAxes.loader();
  public static final Axis<Integer> BATCH_SIZE = TableAxes.batchSize();
  public static final Axis<Long> COMMIT_EVERY = TableAxes.commitEvery();
  public static final Axis<Boolean> FASTUPDATE = TableAxes.fastupdate();
  public static final Axis<Integer> GIN_PENDING_LIST_LIMIT = TableAxes.ginPendingListLimit();
  public static final Axis<Long> MEMORY = ServerAxes.memory();
  public static final Axis<StandbyMode> STANDBY = ServerAxes.standby();
  public static final Axis<DiskLimit> DISK = ServerAxes.disk();

  /**
   * Every known axis, in the order messages, the schema and the docs' table list them: family by
   * family, but for the settings profile, which stood before the loader's axes when the server's
   * others came.
   */
  public static final List<Axis<?>> ALL =
      List.of(
          FORMAT, FREEZE, PK, CONNECTIONS, UNLOGGED, INDEXES, WAYS_INDEX, MIDDLE_FORMAT, SETTINGS,
          LOADER, BATCH_SIZE, COMMIT_EVERY, FASTUPDATE, GIN_PENDING_LIST_LIMIT, MEMORY, STANDBY,
          DISK);

  public static Optional<Axis<?>> named(String name) {
    return ALL.stream().filter(a -> a.name.equals(name)).findFirst();
  }

  public static List<String> names() {
    return ALL.stream().map(Axis::name).toList();
  }

  /** The typed value, or empty when {@code value} is not one of this axis's. */
  public Optional<T> parse(String value) {
    return accepts.admits(value) ? Optional.ofNullable(parser.apply(value)) : Optional.empty();
  }

  /**
   * What a value of an axis may be, stated so that a judge without the loader can check it (the
   * JSON Schema): one of {@code values}, else text matching {@code pattern}, which a parser may
   * narrow; a value YAML reads as a whole number must lie in {@code min}..{@code max} (none may
   * when min > max). {@link #parse} takes nothing else, so the schema cannot admit more than the
   * loader.
   */
  public record Accepts(List<String> values, String pattern, long min, long max) {
    static Accepts oneOf(List<String> values) {
      return new Accepts(List.copyOf(values), null, 1, 0);
    }

    static Accepts matching(String pattern, long min, long max) {
      return new Accepts(List.of(), pattern, min, max);
    }

    boolean admits(String value) {
      return pattern == null ? values.contains(value) : value.matches(pattern);
    }
  }

  /** Why {@code value} is rejected and what to write instead. */
  public String invalid(String value) {
    return "'" + value + "' is not " + noun + "; " + hint;
  }

  /** What the axis compares, its values' noun in the plural, e.g. {@code memory caps}. */
  String compared() {
    return noun.replaceFirst("^an? ", "") + "s";
  }

  public String label(String value) {
    return labeler.apply(value);
  }

  /** This axis's value in a cell: the one given in {@code values}, else the default. */
  public T valueIn(Map<String, String> values) {
    String value = values.getOrDefault(name, defaultValue);
    return parse(value)
        .orElseThrow(() -> new IllegalArgumentException(name + ": " + invalid(value)));
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * The variant of a cell of these values: every axis of {@link #ALL}, typed, under its key; an
   * axis not given takes its default. The one way a variant is built.
   */
  public static LoadVariant variant(Map<String, String> values) {
    Map<String, Object> parts = new LinkedHashMap<>();
    for (Axis<?> axis : ALL) {
      parts.put(axis.name, axis.valueIn(values));
    }
    return new LoadVariant(parts);
  }
}
