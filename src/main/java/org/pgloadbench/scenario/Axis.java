package org.pgloadbench.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.server.DiskLimit;
import org.pgloadbench.server.SettingsProfile;
import org.pgloadbench.server.StandbyMode;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;
import org.pgloadbench.variant.MiddleFormat;
import org.pgloadbench.variant.WaysIndex;

/**
 * One matrix axis: its YAML key, how to read a value, the value used when the axis is not in the
 * matrix, and how a value reads in a cell label. Adding an axis is one constant here, listed in
 * {@link #ALL}, and one field of {@link LoadVariant}.
 *
 * <p>Values are kept as the text written ({@code binary}, {@code true}, {@code 2}); {@link #parse}
 * turns a valid one into its typed value.
 */
public final class Axis<T> {
  public static final Axis<CopyFormat> FORMAT =
      new Axis<>(
          "format",
          "text",
          "a format",
          "use "
              + String.join(
                  " or ", Arrays.stream(CopyFormat.values()).map(CopyFormat::sqlName).toList()),
          Accepts.oneOf(Arrays.stream(CopyFormat.values()).map(CopyFormat::sqlName).toList()),
          v ->
              Arrays.stream(CopyFormat.values())
                  .filter(f -> f.sqlName().equals(v))
                  .findFirst()
                  .orElse(null),
          v -> v);

  public static final Axis<Boolean> FREEZE =
      new Axis<>(
          "freeze",
          "false",
          "a freeze setting",
          "use true or false",
          Accepts.oneOf(List.of("false", "true")),
          v -> v.equals("true") ? Boolean.TRUE : v.equals("false") ? Boolean.FALSE : null,
          v -> v.equals("true") ? "freeze" : "no-freeze");

  /** True when the primary key is added after the load rather than declared by CREATE TABLE. */
  public static final Axis<Boolean> PK =
      new Axis<>(
          "pk",
          "now",
          "a primary key timing",
          "use now (with CREATE TABLE) or later (after the load)",
          Accepts.oneOf(List.of("now", "later")),
          v -> v.equals("later") ? Boolean.TRUE : v.equals("now") ? Boolean.FALSE : null,
          v -> "pk-" + v);

  public static final int MAX_CONNECTIONS = 64;

  public static final Axis<Integer> CONNECTIONS =
      new Axis<>(
          "connections",
          "1",
          "a connection count",
          "use a whole number from 1 to " + MAX_CONNECTIONS,
          Accepts.matching("[1-9][0-9]{0,2}", 1, MAX_CONNECTIONS),
          v -> Integer.parseInt(v) <= MAX_CONNECTIONS ? Integer.valueOf(v) : null,
          v -> "conn-" + v);

  /** True when the table is created UNLOGGED (and made durable later by the set_logged step). */
  public static final Axis<Boolean> UNLOGGED =
      new Axis<>(
          "unlogged",
          "false",
          "an unlogged setting",
          "use true (CREATE UNLOGGED TABLE, then SET LOGGED) or false",
          Accepts.oneOf(List.of("false", "true")),
          v -> v.equals("true") ? Boolean.TRUE : v.equals("false") ? Boolean.FALSE : null,
          v -> v.equals("true") ? "unlogged" : "logged");

  /** True when the secondary indexes are created with the table, so that the COPY pays for them. */
  public static final Axis<Boolean> INDEXES =
      new Axis<>(
          "indexes",
          "later",
          "an index timing",
          "use later (built after the load) or now (created before the COPY)",
          Accepts.oneOf(List.of("later", "now")),
          v -> v.equals("now") ? Boolean.TRUE : v.equals("later") ? Boolean.FALSE : null,
          v -> "idx-" + v);

  public static final Axis<WaysIndex> WAYS_INDEX =
      new Axis<>(
          "ways_index",
          "bucket",
          "a ways index",
          "use bucket (GIN on the node refs shifted by 5 bits) or full (GIN on the node refs)",
          Accepts.oneOf(Arrays.stream(WaysIndex.values()).map(WaysIndex::yamlName).toList()),
          v -> WaysIndex.find(v).orElse(null),
          v -> "ways-" + v);

  /** osm2pgsql's middle table layout: new (jsonb, 1.9+) or legacy (text[], up to 1.11). */
  public static final Axis<MiddleFormat> MIDDLE_FORMAT =
      new Axis<>(
          "middle_format",
          "new",
          "a middle format",
          "use new (jsonb, osm2pgsql 1.9+) or legacy (text[], osm2pgsql up to 1.11)",
          Accepts.oneOf(Arrays.stream(MiddleFormat.values()).map(MiddleFormat::yamlName).toList()),
          MiddleFormat::byYamlName,
          v -> "middle-" + v);

  /** The server settings profile a cell runs on; each profile is a server start of its own. */
  public static final Axis<SettingsProfile> SETTINGS =
      new Axis<>(
          "settings",
          SettingsProfile.DEFAULTS.profileName(),
          "a settings profile",
          "use " + SettingsProfile.names(),
          Accepts.oneOf(
              Arrays.stream(SettingsProfile.values()).map(SettingsProfile::profileName).toList()),
          v -> SettingsProfile.named(v).orElse(null),
          v -> v);

  public static final Axis<LoaderKind> LOADER =
      new Axis<>(
          "loader",
          "copy",
          "a loader",
          "use "
              + String.join(
                  ", ", Arrays.stream(LoaderKind.values()).map(LoaderKind::yamlName).toList()),
          Accepts.oneOf(Arrays.stream(LoaderKind.values()).map(LoaderKind::yamlName).toList()),
          v -> LoaderKind.named(v).orElse(null),
          v -> v.replace('_', '-'));

  private static final String WHOLE = "[1-9][0-9]{0,8}";

  /** Rows per INSERT ... VALUES statement or per JDBC batch. */
  public static final Axis<Integer> BATCH_SIZE =
      new Axis<>(
          "batch_size",
          "1000",
          "a batch size",
          "use a whole number from 1 to 999999999 (rows per statement or batch)",
          Accepts.matching(WHOLE, 1, 999_999_999),
          Integer::valueOf,
          v -> "batch-" + v);

  /** Rows per transaction of an INSERT loader; 0 stands for all (one transaction). */
  public static final Axis<Long> COMMIT_EVERY =
      new Axis<>(
          "commit_every",
          "all",
          "a commit interval",
          "use all (one transaction) or a whole number of rows from 1 to 999999999",
          Accepts.matching("all|" + WHOLE, 1, 999_999_999),
          v -> v.equals("all") ? Long.valueOf(0) : Long.valueOf(v),
          v -> "commit-" + v);

  /** GIN's fastupdate storage parameter of a dataset's GIN index (int-arrays). */
  public static final Axis<Boolean> FASTUPDATE =
      new Axis<>(
          "fastupdate",
          "on",
          "a fastupdate setting",
          "use on (new entries go to the pending list first, PostgreSQL's default) or off",
          // YAML 1.1 reads a bare on / off as a boolean, YAML 1.2 (editors) as text
          Accepts.oneOf(List.of("on", "off", "true", "false")),
          v -> v.equals("on") || v.equals("true"),
          v -> "fastupdate-" + (v.equals("on") || v.equals("true") ? "on" : "off"));

  private static final Pattern KILOBYTES = Pattern.compile("([1-9][0-9]{0,9})(kB|MB|GB)");

  /**
   * GIN's gin_pending_list_limit storage parameter in kB, from e.g. {@code 4MB}; 0 ({@code
   * default}) leaves the index without it, so the server's setting applies.
   */
  public static final Axis<Integer> GIN_PENDING_LIST_LIMIT =
      new Axis<>(
          "gin_pending_list_limit",
          "default",
          "a pending list limit",
          "use default (the server's setting) or a size from 64kB to 2GB with a unit, e.g. 64kB,"
              + " 4MB, 1GB",
          // from 64kB; the upper bound (2GB) is the parser's alone
          Accepts.matching(
              "default|(6[4-9]|[7-9][0-9]|[1-9][0-9]{2,9})kB|[1-9][0-9]{0,9}(MB|GB)", 1, 0),
          Axis::pendingListKilobytes,
          v -> "pending-" + v);

  /**
   * The memory the server's processes, with the page cache they fill, are held to (a cgroup); 0 for
   * none. Each cap is a server start of its own; {@code servers.memory} gives one to every cell.
   */
  public static final Axis<Long> MEMORY =
      new Axis<>(
          "memory",
          "none",
          "a memory cap",
          "use none or a size from " + MemoryCaps.SMALLEST_MB + "MB with a unit, e.g. 256MB or 1GB",
          Accepts.matching(MemoryCaps.PATTERN, 1, 0),
          MemoryCaps::bytes,
          v -> "mem-" + v);

  /**
   * Whether the server streams its WAL to a physical standby of its own, and whether its commits
   * wait for it. Each is a server start of its own; {@code servers.standby} gives one to every
   * cell.
   */
  public static final Axis<StandbyMode> STANDBY =
      new Axis<>(
          "standby",
          StandbyMode.NONE.yamlName(),
          "a standby",
          "use none, async (streaming, commits do not wait) or sync (commits wait for the standby)",
          Accepts.oneOf(StandbyMode.names()),
          v -> StandbyMode.named(v).orElse(null),
          v -> v.equals("none") ? "no-standby" : "standby-" + v);

  /**
   * How fast the server may read and write the disk that holds its data (a cgroup's throttle; a
   * container's device limits); {@code none} for as fast as it goes. Each limit is a server start
   * of its own; {@code servers.disk} gives one to every cell.
   */
  public static final Axis<DiskLimit> DISK =
      new Axis<>(
          "disk",
          "none",
          "a disk limit",
          DiskLimit.hint(),
          Accepts.matching(DiskLimit.PATTERN, 1, 0),
          v -> DiskLimit.parse(v).orElse(null),
          v -> "disk-" + DiskLimit.parse(v).map(DiskLimit::label).orElse(v));

  /** Every known axis, in the order messages list them. */
  public static final List<Axis<?>> ALL =
      List.of(
          FORMAT,
          FREEZE,
          PK,
          CONNECTIONS,
          UNLOGGED,
          INDEXES,
          WAYS_INDEX,
          MIDDLE_FORMAT,
          SETTINGS,
          LOADER,
          BATCH_SIZE,
          COMMIT_EVERY,
          FASTUPDATE,
          GIN_PENDING_LIST_LIMIT,
          MEMORY,
          STANDBY,
          DISK);

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

  private final String name;
  private final String defaultValue;
  private final String noun;
  private final String hint;
  private final Accepts accepts;
  private final Function<String, T> parser;
  private final Function<String, String> labeler;

  private Axis(
      String name,
      String defaultValue,
      String noun,
      String hint,
      Accepts accepts,
      Function<String, T> parser,
      Function<String, String> labeler) {
    this.name = name;
    this.defaultValue = defaultValue;
    this.noun = noun;
    this.hint = hint;
    this.accepts = accepts;
    this.parser = parser;
    this.labeler = labeler;
  }

  public static Optional<Axis<?>> named(String name) {
    return ALL.stream().filter(a -> a.name.equals(name)).findFirst();
  }

  public static List<String> names() {
    return ALL.stream().map(Axis::name).toList();
  }

  /** The key in the matrix, and in {@link Cell#axes()}. */
  public String name() {
    return name;
  }

  /** The value when the axis is not in the matrix: what osm2pgsql does today. */
  public String defaultValue() {
    return defaultValue;
  }

  /** The typed value, or empty when {@code value} is not one of this axis's. */
  public Optional<T> parse(String value) {
    return accepts.admits(value) ? Optional.ofNullable(parser.apply(value)) : Optional.empty();
  }

  /** The values this axis takes, as the JSON Schema of a scenario states them. */
  public Accepts accepts() {
    return accepts;
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

  /** What to write instead of a wrong value, e.g. {@code use text or binary}. */
  public String hint() {
    return hint;
  }

  /** Why {@code value} is rejected and what to write instead. */
  public String invalid(String value) {
    return "'" + value + "' is not " + noun + "; " + hint;
  }

  /** How {@code value} reads in a cell label, e.g. {@code pk-later}. */
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

  /** Resolves every {@link Axis} from a cell's values; an axis not given takes its default. */
  public static LoadVariant variant(Map<String, String> values) {
    return new LoadVariant(
        FORMAT.valueIn(values),
        FREEZE.valueIn(values),
        PK.valueIn(values),
        CONNECTIONS.valueIn(values),
        UNLOGGED.valueIn(values),
        INDEXES.valueIn(values),
        WAYS_INDEX.valueIn(values),
        MIDDLE_FORMAT.valueIn(values),
        SETTINGS.valueIn(values),
        LOADER.valueIn(values),
        BATCH_SIZE.valueIn(values),
        COMMIT_EVERY.valueIn(values),
        FASTUPDATE.valueIn(values),
        GIN_PENDING_LIST_LIMIT.valueIn(values),
        MEMORY.valueIn(values),
        STANDBY.valueIn(values),
        DISK.valueIn(values));
  }
}
