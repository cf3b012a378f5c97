package org.pgloadbench.variant;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A named set of server settings a scenario can start its servers with ({@code settings: {profile:
 * bulk-load}}, or a {@code settings} matrix axis). Settings a scenario writes beside the profile
 * override it.
 */
public enum SettingsProfile {
  /** Every setting at PostgreSQL's built-in default. */
  DEFAULTS,

  /**
   * The bulk-load settings of the Crunchy Data OpenStreetMap benchmark post: durability and WAL
   * traded for speed, and memory sized to the machine.
   *
   * <p>The post gives the sizes, not its machine's memory: shared_buffers 48 GB,
   * effective_cache_size 64 GB, maintenance_work_mem 20 GB, work_mem 1 GB, max_wal_size 256 GB. The
   * rule here, the harness's own, reads them as fractions of 128 GB and keeps those fractions of
   * the machine's memory: 3/8, 1/2, 5/32, 1/128 and 2 times, in whole megabytes, and never below
   * PostgreSQL's own default.
   */
  BULK_LOAD,

  /**
   * The import settings of the osm2pgsql manual, "Tuning the PostgreSQL Server" (osm2pgsql-website,
   * {@code _manual/03-database.md}, today {@code _manual-v1/}): "The following settings are geared
   * towards a system with 64GB RAM and a fast SSD": shared_buffers 1GB, work_mem 50MB,
   * maintenance_work_mem 10GB, autovacuum_work_mem 2GB, wal_level minimal, checkpoint_timeout 60min,
   * max_wal_size 10GB, checkpoint_completion_target 0.9, max_wal_senders 0, random_page_cost 1.0.
   * jit off and max_parallel_workers_per_gather 0 are not in that list: they are the osm2pgsql
   * site's post "Problems with PostgreSQL JIT" (2020-10-21), for updates ("initial imports are
   * fine"); a COPY plans no query, so they change none of its figures.
   *
   * <p>The rule is bulk-load's: the sizes keep their fractions of the manual's 64 GB (1/64, 50/65536,
   * 5/32, 1/32 and 5/32), in whole megabytes, never below PostgreSQL's own default (autovacuum's
   * default is maintenance_work_mem's). Unlike bulk-load it keeps durability, and autovacuum on: the
   * manual says "Autovacuum must not be switched off because it ensures that the tables are
   * frequently analysed", so a scenario that times a VACUUM sets {@code autovacuum: off} beside it.
   */
  OSM2PGSQL;

  private static final long MB = 1024 * 1024;

  /** The name a scenario writes, e.g. {@code bulk-load}. */
  public String profileName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static Optional<SettingsProfile> named(String name) {
    return Arrays.stream(values()).filter(p -> p.profileName().equals(name)).findFirst();
  }

  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(SettingsProfile::profileName).toList());
  }

  /** The settings of this profile on a machine with {@code memoryBytes} of memory. */
  public Map<String, String> settings(long memoryBytes) {
    return switch (this) {
      case DEFAULTS -> new LinkedHashMap<>();
      case BULK_LOAD -> bulkLoad(memoryBytes);
      case OSM2PGSQL -> osm2pgsql(memoryBytes);
    };
  }

  private static Map<String, String> bulkLoad(long memoryBytes) {
    Map<String, String> s = new LinkedHashMap<>();
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

  /** The memory of the manual's machine, in megabytes: its sizes are fractions of it. */
  private static final long OSM2PGSQL_MANUAL_MB = 64 * 1024;

  private static Map<String, String> osm2pgsql(long memoryBytes) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("shared_buffers", scaled(memoryBytes, 1024, 128));
    s.put("work_mem", scaled(memoryBytes, 50, 4));
    s.put("maintenance_work_mem", scaled(memoryBytes, 10 * 1024, 64));
    s.put("autovacuum_work_mem", scaled(memoryBytes, 2 * 1024, 64));
    // as in bulk-load: a COPY into a table its own transaction created writes no row WAL
    s.put("wal_level", "minimal");
    s.put("max_wal_senders", "0");
    s.put("checkpoint_timeout", "60min");
    s.put("max_wal_size", scaled(memoryBytes, 10 * 1024, 1024));
    s.put("checkpoint_completion_target", "0.9");
    s.put("random_page_cost", "1.0");
    s.put("jit", "off");
    s.put("max_parallel_workers_per_gather", "0");
    return s;
  }

  /** The manual's {@code manualMb} of 64 GB, as the same fraction of {@code memoryBytes}. */
  private static String scaled(long memoryBytes, long manualMb, long atLeastMb) {
    // megabytes first, multiplied before divided: 50 MB of 64 GB is under 1 MB per GB
    return Math.max(atLeastMb, memoryBytes / MB * manualMb / OSM2PGSQL_MANUAL_MB) + "MB";
  }

  private static String megabytes(long bytes, long atLeastMb) {
    return Math.max(atLeastMb, bytes / MB) + "MB";
  }

  @Override
  public String toString() {
    return profileName();
  }
}
