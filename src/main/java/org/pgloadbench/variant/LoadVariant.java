package org.pgloadbench.variant;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.copy.CopyFormat;

/**
 * How one cell loads a table: every axis of the matrix resolved, defaults filled in, each axis's
 * typed value a part under the axis's name. The scenario's {@code Axis.variant} builds it from a
 * cell's values, and a new axis's part is there without a change here; the accessors below name the
 * parts the load reads.
 *
 * @param parts in the axes' order; every axis's, so that two variants are equal when their cells
 *     load alike
 */
public record LoadVariant(Map<String, Object> parts) {
  public LoadVariant {
    parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
  }

  /** The typed value of the axis {@code axis}, e.g. {@code CopyFormat.BINARY} for format. */
  @SuppressWarnings("unchecked")
  public <T> T part(String axis) {
    Object value = parts.get(axis);
    if (value == null) {
      throw new IllegalArgumentException("no axis " + axis + " among " + parts.keySet());
    }
    return (T) value;
  }

  /**
   * The one part of type {@code type}, e.g. the {@link DiskLimit}: how the server-side values are
   * read, so that a new server axis's value is found by its type, not by its axis's name.
   */
  public <T> T part(Class<T> type) {
    List<T> found = all(type);
    if (found.size() != 1) {
      throw new IllegalArgumentException(
          found.size() + " parts of type " + type.getSimpleName() + " among " + parts.keySet());
    }
    return found.get(0);
  }

  /** The server the cell runs on: its settings profile, memory cap and every other server part. */
  public ServerVariant server() {
    return new ServerVariant(settings(), memoryBytes(), all(ServerPart.class));
  }

  private <T> List<T> all(Class<T> type) {
    return parts.values().stream().filter(type::isInstance).map(type::cast).toList();
  }

  /** This cell with {@code axis} at {@code value} instead, e.g. on a server capped otherwise. */
  public LoadVariant with(String axis, Object value) {
    Class<?> type = type(part(axis));
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException(axis + " takes a " + type.getSimpleName() + ": " + value);
    }
    Map<String, Object> changed = new LinkedHashMap<>(parts);
    changed.put(axis, value);
    return new LoadVariant(changed);
  }

  /** The class of an axis's values: an enum constant with a body is of its enum. */
  private static Class<?> type(Object value) {
    return value instanceof Enum<?> e ? e.getDeclaringClass() : value.getClass();
  }

  public CopyFormat format() {
    return part("format");
  }

  public boolean freeze() {
    return part("freeze");
  }

  /** True when the primary key is added after the load rather than declared by CREATE TABLE. */
  public boolean primaryKeyLater() {
    return part("pk");
  }

  public int connections() {
    return part("connections");
  }

  /** True when the table is created UNLOGGED (and made durable later by the set_logged step). */
  public boolean unlogged() {
    return part("unlogged");
  }

  /** True when the secondary indexes are created with the table, so that the COPY pays for them. */
  public boolean indexesNow() {
    return part("indexes");
  }

  public WaysIndex waysIndex() {
    return part("ways_index");
  }

  public MiddleFormat middleFormat() {
    return part("middle_format");
  }

  public SettingsProfile settings() {
    return part(SettingsProfile.class);
  }

  public LoaderKind loader() {
    return part("loader");
  }

  public int batchSize() {
    return part("batch_size");
  }

  /** Rows per transaction of an INSERT loader; 0 for all (one transaction). */
  public long commitEvery() {
    return part("commit_every");
  }

  public boolean fastupdate() {
    return part("fastupdate");
  }

  /** GIN's gin_pending_list_limit in kB; 0 for the server's setting. */
  public int ginPendingListLimitKb() {
    return part("gin_pending_list_limit");
  }

  /**
   * The memory cap of the server the cell runs on; 0 for none. By its axis's name: the cap is a
   * number, as the commit_every axis's value is.
   */
  public long memoryBytes() {
    return part("memory");
  }

  /** The standby of the server the cell runs on. */
  public StandbyMode standby() {
    return part(StandbyMode.class);
  }

  /** How fast the server the cell runs on may use its disk. */
  public DiskLimit disk() {
    return part(DiskLimit.class);
  }
}
