package org.pgloadbench.scenario;

import java.util.Arrays;
import org.pgloadbench.scenario.Axis.Accepts;
import org.pgloadbench.variant.DiskLimit;
import org.pgloadbench.variant.SettingsProfile;
import org.pgloadbench.variant.StandbyMode;

/**
 * The axes of the server a cell runs on, each value a server start of its own: its settings
 * profile, memory cap, standby and disk limit.
 */
final class ServerAxes {
  private ServerAxes() {}

  static Axis<SettingsProfile> settings() {
    return new Axis<>(
        "settings",
        "the server settings profile; each profile is a server start of its own, with"
            + " settings: as overrides",
        SettingsProfile.DEFAULTS.profileName(),
        "a settings profile",
        "use " + SettingsProfile.names(),
        Accepts.oneOf(
            Arrays.stream(SettingsProfile.values()).map(SettingsProfile::profileName).toList()),
        v -> SettingsProfile.named(v).orElse(null),
        v -> v);
  }

  /** In bytes, 0 for none; {@code servers.memory} gives one cap to every cell. */
  static Axis<Long> memory() {
    return new Axis<>(
        "memory",
        "the memory the server's processes and the page cache they fill are held to (a"
            + " cgroup; a container's limit); each cap is a server start of its own; a"
            + " capped server's shared_buffers must be at most half the cap",
        "none",
        "a memory cap",
        "use none or a size from " + MemoryCaps.SMALLEST_MB + "MB with a unit, e.g. 256MB or 1GB",
        Accepts.matching(MemoryCaps.PATTERN, 1, 0),
        MemoryCaps::bytes,
        v -> "mem-" + v);
  }

  /** {@code servers.standby} gives one to every cell. */
  static Axis<StandbyMode> standby() {
    return new Axis<>(
        "standby",
        "a physical standby of each server (embedded and local targets), streaming its WAL"
            + " over the loopback: none, async, or sync (commits wait for it); each is a"
            + " server start of its own, with wal_level replica",
        StandbyMode.NONE.yamlName(),
        "a standby",
        "use none, async (streaming, commits do not wait) or sync (commits wait for the standby)",
        Accepts.oneOf(StandbyMode.names()),
        v -> StandbyMode.named(v).orElse(null),
        v -> v.equals("none") ? "no-standby" : "standby-" + v);
  }

  /** {@code servers.disk} gives one limit to every cell. */
  static Axis<DiskLimit> disk() {
    return new Axis<>(
        "disk",
        "how fast the server may read and write the disk holding its data (a cgroup's"
            + " throttle; a container's device limits): none, gp3, hdd-7200, sata-ssd, or"
            + " limits such as read=60MB/s,write=30MB/s,read_iops=3000,write_iops=3000,"
            + " each optionally followed by ,io=direct (the server's data files and WAL written"
            + " with direct I/O, all through the throttle; PostgreSQL 16 and later); each is a"
            + " server start of its own",
        "none",
        "a disk limit",
        DiskLimit.hint(),
        Accepts.matching(DiskLimit.PATTERN, 1, 0),
        v -> DiskLimit.parse(v).orElse(null),
        v -> "disk-" + DiskLimit.parse(v).map(DiskLimit::label).orElse(v));
  }
}
