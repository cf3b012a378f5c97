package org.pgloadbench.scenario;

import java.util.Arrays;
import java.util.List;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.Axis.Accepts;

/**
 * The axes of how a table is created and filled: COPY's format and FREEZE, when the primary key and
 * the secondary indexes come, parallel connections, an UNLOGGED table.
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
}
