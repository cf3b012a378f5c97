package org.pgloadbench.variant;

import java.util.List;
import java.util.Optional;

/**
 * The server a cell runs on: every server-side value of its {@link LoadVariant}, so that the cells
 * of one server start are those of one server variant.
 *
 * @param profile the settings profile, sized by the memory the server has
 * @param memoryBytes the memory cap of its processes and their page cache; 0 for none
 * @param parts the values of the other server axes (standby, disk limit) that ask something of
 *     the server, in the axes' order: a part that asks nothing is left out, so that two variants
 *     of one server are equal however many axes there are
 */
public record ServerVariant(SettingsProfile profile, long memoryBytes, List<ServerPart> parts) {
  /** A server with PostgreSQL's own settings, asking nothing of its target. */
  public static final ServerVariant PLAIN =
      new ServerVariant(SettingsProfile.DEFAULTS, 0, List.of());

  public ServerVariant {
    parts = parts.stream().filter(part -> !part.isNone()).toList();
  }

  /** The part of this type, e.g. the {@link DiskLimit}; empty when it asks nothing. */
  public <T extends ServerPart> Optional<T> part(Class<T> type) {
    return parts.stream().filter(type::isInstance).map(type::cast).findFirst();
  }

  /** The cap as a target takes it: null for none. */
  public Long memoryCap() {
    return memoryBytes > 0 ? memoryBytes : null;
  }

  public StandbyMode standby() {
    return part(StandbyMode.class).orElse(StandbyMode.NONE);
  }

  public DiskLimit disk() {
    return part(DiskLimit.class).orElse(DiskLimit.NONE);
  }
}
