package org.pgloadbench.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.Axis.Accepts;
import org.pgloadbench.variant.LoaderKind;
import org.pgloadbench.variant.MiddleFormat;
import org.pgloadbench.variant.WaysIndex;
import org.pgloadbench.variant.YamlName;

/**
 * The axes of how a table is created and filled: COPY's format and FREEZE, when the primary key and
 * the secondary indexes come, parallel connections, an UNLOGGED table; osm2pgsql's middle tables;
 * how the copy step sends the rows; a GIN index's storage parameters.
 */
final class TableAxes {
  private TableAxes() {}

  private static final List<String> FORMATS =
      Arrays.stream(CopyFormat.values()).map(CopyFormat::sqlName).toList();

  static Axis<CopyFormat> format() {
    return new Axis<>(
        "format",
        "COPY format",
        "text",
        "a format",
        "use " + String.join(" or ", FORMATS),
        Accepts.oneOf(FORMATS),
        v -> CopyFormat.values()[FORMATS.indexOf(v)],
        v -> v);
  }

  static Axis<Boolean> freeze() {
    return twoWay(
        "freeze",
        "COPY FREEZE, the table created in the transaction that loads it",
        "a freeze setting",
        "use true or false",
        "false",
        "no-freeze",
        "true",
        "freeze");
  }

  /** True when the primary key is added after the load rather than declared by CREATE TABLE. */
  static Axis<Boolean> pk() {
    return twoWay(
        "pk",
        "the primary key declared by CREATE TABLE (now) or added after the load (later)",
        "a primary key timing",
        "use now (with CREATE TABLE) or later (after the load)",
        "now",
        "pk-now",
        "later",
        "pk-later");
  }

  static final int MAX_CONNECTIONS = 64;

  static Axis<Integer> connections() {
    return new Axis<>(
        "connections",
        "parallel COPY connections; FREEZE needs one",
        "1",
        "a connection count",
        "use a whole number from 1 to " + MAX_CONNECTIONS,
        Accepts.matching("[1-9][0-9]{0,2}", 1, MAX_CONNECTIONS),
        v -> Integer.parseInt(v) <= MAX_CONNECTIONS ? Integer.valueOf(v) : null,
        v -> "conn-" + v);
  }

  /** True when the table is created UNLOGGED (and made durable later by the set_logged step). */
  static Axis<Boolean> unlogged() {
    return twoWay(
        "unlogged",
        "CREATE UNLOGGED TABLE, made durable by the set_logged step, or a logged table",
        "an unlogged setting",
        "use true (CREATE UNLOGGED TABLE, then SET LOGGED) or false",
        "false",
        "logged",
        "true",
        "unlogged");
  }

  /** True when the secondary indexes are created with the table, so that the COPY pays for them. */
  static Axis<Boolean> indexes() {
    return twoWay(
        "indexes",
        "the secondary indexes built after the load by the indexes step (later), or created"
            + " with the table so that the COPY pays for them (now)",
        "an index timing",
        "use later (built after the load) or now (created before the COPY)",
        "later",
        "idx-later",
        "now",
        "idx-now");
  }

  /**
   * An axis of two values, {@code off} (the default) and {@code on}, typed as whether it is {@code
   * on}, each with its label: four of the table's axes are such a choice.
   */
  private static Axis<Boolean> twoWay(
      String name,
      String description,
      String noun,
      String hint,
      String off,
      String offLabel,
      String on,
      String onLabel) {
    return new Axis<>(
        name,
        description,
        off,
        noun,
        hint,
        Accepts.oneOf(List.of(off, on)),
        on::equals,
        v -> v.equals(on) ? onLabel : offLabel);
  }

  // osm2pgsql's middle tables: their layout and the ways' GIN index

  static Axis<WaysIndex> waysIndex() {
    return new Axis<>(
        "ways_index",
        "the ways' GIN index on their node refs shifted by 5 bits (bucket, osm2pgsql 1.7+)"
            + " or on the refs (full)",
        "bucket",
        "a ways index",
        "use bucket (GIN on the node refs shifted by 5 bits) or full (GIN on the node refs)",
        Accepts.oneOf(YamlName.names(WaysIndex.values())),
        v -> WaysIndex.find(v).orElse(null),
        v -> "ways-" + v);
  }

  static Axis<MiddleFormat> middleFormat() {
    return new Axis<>(
        "middle_format",
        "osm2pgsql's middle table layout: new (jsonb, 1.9+) or legacy (text[], up to 1.11)",
        "new",
        "a middle format",
        "use new (jsonb, osm2pgsql 1.9+) or legacy (text[], osm2pgsql up to 1.11)",
        Accepts.oneOf(YamlName.names(MiddleFormat.values())),
        MiddleFormat::byYamlName,
        v -> "middle-" + v);
  }

  // how the copy step sends the rows: COPY or an INSERT loader, and its batches and commits

  private static final List<String> LOADERS = YamlName.names(LoaderKind.values());

  static Axis<LoaderKind> loader() {
    return new Axis<>(
        "loader",
        "how the copy step sends the rows: COPY, one INSERT per row (insert), multi-row"
            + " INSERT ... VALUES (insert_values), JDBC batches (batch), or batches pgjdbc"
            + " rewrites into multi-row INSERTs (batch_rewrite)",
        "copy",
        "a loader",
        "use " + String.join(", ", LOADERS),
        Accepts.oneOf(LOADERS),
        v -> LoaderKind.named(v).orElse(null),
        v -> v.replace('_', '-'));
  }

  private static final String WHOLE = "[1-9][0-9]{0,8}";

  /** Rows per INSERT ... VALUES statement or per JDBC batch. */
  static Axis<Integer> batchSize() {
    return new Axis<>(
        "batch_size",
        "rows per insert_values statement or per batch; copy and insert cells have none"
            + " (the axis collapses there)",
        "1000",
        "a batch size",
        "use a whole number from 1 to 999999999 (rows per statement or batch)",
        Accepts.matching(WHOLE, 1, 999_999_999),
        Integer::valueOf,
        v -> "batch-" + v);
  }

  /** Rows per transaction of an INSERT loader; 0 stands for all (one transaction). */
  static Axis<Long> commitEvery() {
    return new Axis<>(
        "commit_every",
        "rows per transaction of an INSERT loader, or all for one transaction; copy cells"
            + " have none (the axis collapses there)",
        "all",
        "a commit interval",
        "use all (one transaction) or a whole number of rows from 1 to 999999999",
        Accepts.matching("all|" + WHOLE, 1, 999_999_999),
        v -> v.equals("all") ? Long.valueOf(0) : Long.valueOf(v),
        v -> "commit-" + v);
  }

  // a GIN index's storage parameters (int-arrays)

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
        TableAxes::pendingListKilobytes,
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
