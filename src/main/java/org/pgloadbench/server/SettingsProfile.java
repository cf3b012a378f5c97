package org.pgloadbench.server;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A named set of server settings a scenario can start its servers with ({@code settings: {profile:
 * bulk-load}}, or a {@code settings} matrix axis). Settings a scenario writes beside the profile
 * override it.
 */
public enum SettingsProfile {
  /** Every setting at PostgreSQL's built-in default. */
  DEFAULTS("defaults"),

  /**
   * The bulk-load settings of the Crunchy Data OpenStreetMap benchmark post: durability and WAL
   * traded for speed, and memory sized to the machine.
   *
   * <p>The post's sizes were for a 128 GB machine: shared_buffers 48 GB, effective_cache_size 64
   * GB, maintenance_work_mem 20 GB, work_mem 1 GB, max_wal_size 256 GB. The rule here keeps those
   * fractions of the machine's memory: 3/8, 1/2, 5/32, 1/128 and 2 times, in whole megabytes, and
   * never below PostgreSQL's own default.
   */
  BULK_LOAD("bulk-load");

  private static final long MB = 1024 * 1024;

  private final String profileName;

  SettingsProfile(String profileName) {
    this.profileName = profileName;
  }

  /** The name a scenario writes, e.g. {@code bulk-load}. */
  public String profileName() {
    return profileName;
  }

  public static Optional<SettingsProfile> named(String name) {
    return Arrays.stream(values()).filter(p -> p.profileName.equals(name)).findFirst();
  }

  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(p -> p.profileName).toList());
  }

  /** The settings of this profile on a machine with {@code memoryBytes} of memory. */
  public Map<String, String> settings(long memoryBytes) {
    Map<String, String> s = new LinkedHashMap<>();
    if (this == DEFAULTS) {
      return s;
    }
    s.put("fsync", "off");
    s.put("full_page_writes", "off");
    s.put("synchronous_commit", "off");
    // wal_level = minimal lets a COPY into a table created (or truncated) in the same transaction
    // skip WAL entirely; the table is synced at commit instead. It needs max_wal_senders = 0.
    s.put("wal_level", "minimal");
    s.put("max_wal_senders", "0");
    s.put("autovacuum", "off");
    s.put("checkpoint_timeout", "60min");
    s.put("max_wal_size", megabytes(memoryBytes * 2, 1024));
    s.put("shared_buffers", megabytes(memoryBytes * 3 / 8, 128));
    s.put("effective_cache_size", megabytes(memoryBytes / 2, 4096));
    s.put("maintenance_work_mem", megabytes(memoryBytes * 5 / 32, 64));
    s.put("work_mem", megabytes(memoryBytes / 128, 4));
    return s;
  }

  private static String megabytes(long bytes, long atLeastMb) {
    return Math.max(atLeastMb, bytes / MB) + "MB";
  }

  @Override
  public String toString() {
    return profileName;
  }
}
