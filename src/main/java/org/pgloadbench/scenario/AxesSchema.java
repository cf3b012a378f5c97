package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.known;
import static org.pgloadbench.scenario.SchemaNodes.type;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** The axes of {@link ScenarioSchema}: what each varies and the values it takes. */
final class AxesSchema {
  private AxesSchema() {}

  static final Map<String, String> AXES =
      Map.ofEntries(
          Map.entry("format", "COPY format"),
          Map.entry("freeze", "COPY FREEZE, the table created in the transaction that loads it"),
          Map.entry(
              "pk",
              "the primary key declared by CREATE TABLE (now) or added after the load (later)"),
          Map.entry("connections", "parallel COPY connections; FREEZE needs one"),
          Map.entry(
              "unlogged",
              "CREATE UNLOGGED TABLE, made durable by the set_logged step, or a logged table"),
          Map.entry(
              "indexes",
              "the secondary indexes built after the load by the indexes step (later), or created"
                  + " with the table so that the COPY pays for them (now)"),
          Map.entry(
              "ways_index",
              "the ways' GIN index on their node refs shifted by 5 bits (bucket, osm2pgsql 1.7+)"
                  + " or on the refs (full)"),
          Map.entry(
              "middle_format",
              "osm2pgsql's middle table layout: new (jsonb, 1.9+) or legacy (text[], up to 1.11)"),
          Map.entry(
              "settings",
              "the server settings profile; each profile is a server start of its own, with"
                  + " settings: as overrides"),
          Map.entry(
              "loader",
              "how the copy step sends the rows: COPY, one INSERT per row (insert), multi-row"
                  + " INSERT ... VALUES (insert_values), JDBC batches (batch), or batches pgjdbc"
                  + " rewrites into multi-row INSERTs (batch_rewrite)"),
          Map.entry(
              "batch_size",
              "rows per insert_values statement or per batch; copy and insert cells have none"
                  + " (the axis collapses there)"),
          Map.entry(
              "commit_every",
              "rows per transaction of an INSERT loader, or all for one transaction; copy cells"
                  + " have none (the axis collapses there)"),
          Map.entry("fastupdate", "GIN's fastupdate storage parameter (int-arrays)"),
          Map.entry(
              "memory",
              "the memory the server's processes and the page cache they fill are held to (a"
                  + " cgroup; a container's limit); each cap is a server start of its own; a"
                  + " capped server's shared_buffers must be at most half the cap"),
          Map.entry(
              "standby",
              "a physical standby of each server (embedded and local targets), streaming its WAL"
                  + " over the loopback: none, async, or sync (commits wait for it); each is a"
                  + " server start of its own, with wal_level replica"),
          Map.entry(
              "disk",
              "how fast the server may read and write the disk holding its data (a cgroup's"
                  + " throttle; a container's device limits): none, gp3, hdd-7200, sata-ssd, or"
                  + " limits such as read=60MB/s,write=30MB/s,read_iops=3000,write_iops=3000;"
                  + " each is a server start of its own"),
          Map.entry(
              "gin_pending_list_limit",
              "GIN's gin_pending_list_limit storage parameter, from 64kB to 2GB, or default"
                  + " (the server's setting)"));

  /** {@code text} as YAML may write an axis's value: as text, and as a boolean or a number. */
  static ArrayNode value(Axis<?> axis, String text) {
    if (!axis.parse(text).isPresent()) {
      throw new IllegalStateException(text + " is not a value of " + axis);
    }
    ArrayNode values = JSON.arrayNode().add(text);
    if (text.equals("true") || text.equals("false")) {
      values.add(Boolean.parseBoolean(text));
    } else if (text.matches("[0-9]+")) {
      values.add(Long.parseLong(text));
    }
    return values;
  }

  /**
   * The values an axis takes, as YAML may write them: {@code true}/{@code false} as booleans (and
   * on/off, booleans to YAML 1.1, text to 1.2), a number as an integer.
   */
  static ObjectNode axisValue(Axis<?> axis) {
    Axis.Accepts accepts = axis.accepts();
    if (accepts.pattern() == null) {
      ArrayNode values = JSON.arrayNode();
      for (String value : accepts.values()) {
        if (value.equals("true") || value.equals("false")) {
          values.add(Boolean.parseBoolean(value));
        } else {
          values.add(value);
        }
      }
      return JSON.objectNode().set("enum", values);
    }
    ObjectNode text = type("string").put("pattern", "^(?:" + accepts.pattern() + ")$");
    if (accepts.min() > accepts.max()) {
      return text;
    }
    ObjectNode number = type("integer").put("minimum", accepts.min()).put("maximum", accepts.max());
    return JSON.objectNode().set("anyOf", JSON.arrayNode().add(number).add(text));
  }

  static String axisDescription(Axis<?> axis) {
    String what = known(AXES, axis.name());
    return Character.toUpperCase(what.charAt(0))
        + what.substring(1)
        + " (default "
        + axis.defaultValue()
        + "): "
        + axis.hint()
        + ".";
  }
}
