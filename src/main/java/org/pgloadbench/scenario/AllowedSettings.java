package org.pgloadbench.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The server settings a shared scenario may set by itself: those a load benchmark tunes (memory,
 * WAL, checkpoints, the background writer, vacuum and autovacuum, planner costs, parallel workers,
 * I/O, durability). It is an allow list, not a deny list, because every PostgreSQL release adds
 * settings and some of them open a door (18's {@code extension_control_path} lets a control file of
 * the setter's choosing run as superuser when the harness creates its extensions): a setting nobody
 * has looked at stays out. Any other setting needs the command line's {@link #TRUST_FLAG}; the
 * settings the harness wires itself are refused even then.
 */
public final class AllowedSettings {
  /** The command line's way of saying "I trust this scenario file". */
  public static final String TRUST_FLAG = "--trust-scenario";

  /** How a scenario that asks for more than a shared one may have is run. */
  static final String TRUSTED = "run with " + TRUST_FLAG + " if you trust this file";

  /** The flag's older name, still accepted. */
  public static final String OLD_TRUST_FLAG = "--allow-unsafe-settings";

  /**
   * The settings a scenario may set by itself, by what they tune (the JSON Schema says so in its
   * hover text). Every name here exists on PostgreSQL 18 (a test checks it against pg_settings).
   */
  private static final Map<String, List<String>> GROUPS = new LinkedHashMap<>();

  static {
    declare(
        "memory",
        "shared_buffers huge_pages work_mem hash_mem_multiplier maintenance_work_mem"
            + " autovacuum_work_mem temp_buffers effective_cache_size vacuum_buffer_usage_limit"
            + " dynamic_shared_memory_type temp_file_limit");
    declare(
        "WAL and durability",
        "wal_level max_wal_senders max_replication_slots wal_keep_size fsync"
            + " synchronous_commit full_page_writes wal_log_hints wal_compression wal_buffers"
            + " wal_writer_delay wal_writer_flush_after wal_sync_method wal_skip_threshold"
            + " wal_init_zero wal_recycle commit_delay commit_siblings summarize_wal");
    declare(
        "checkpoints and the background writer",
        "checkpoint_timeout checkpoint_completion_target checkpoint_flush_after"
            + " checkpoint_warning max_wal_size min_wal_size bgwriter_delay bgwriter_lru_maxpages"
            + " bgwriter_lru_multiplier bgwriter_flush_after backend_flush_after");
    declare(
        "I/O",
        "effective_io_concurrency maintenance_io_concurrency io_combine_limit io_method"
            + " io_workers track_io_timing track_wal_io_timing");
    declare(
        "vacuum",
        "vacuum_cost_delay vacuum_cost_limit vacuum_cost_page_hit vacuum_cost_page_miss"
            + " vacuum_cost_page_dirty vacuum_freeze_min_age vacuum_freeze_table_age"
            + " vacuum_multixact_freeze_min_age vacuum_multixact_freeze_table_age"
            + " vacuum_failsafe_age vacuum_multixact_failsafe_age");
    declare(
        "autovacuum",
        "autovacuum autovacuum_max_workers autovacuum_naptime autovacuum_vacuum_threshold"
            + " autovacuum_vacuum_insert_threshold autovacuum_analyze_threshold"
            + " autovacuum_vacuum_scale_factor autovacuum_vacuum_insert_scale_factor"
            + " autovacuum_analyze_scale_factor autovacuum_freeze_max_age"
            + " autovacuum_multixact_freeze_max_age autovacuum_vacuum_cost_delay"
            + " autovacuum_vacuum_cost_limit");
    declare(
        "planner costs and statistics",
        "seq_page_cost random_page_cost cpu_tuple_cost cpu_index_tuple_cost cpu_operator_cost"
            + " parallel_setup_cost parallel_tuple_cost min_parallel_table_scan_size"
            + " min_parallel_index_scan_size default_statistics_target jit");
    declare(
        "parallel workers",
        "max_worker_processes max_parallel_workers max_parallel_workers_per_gather"
            + " max_parallel_maintenance_workers parallel_leader_participation");
    declare(
        "sessions, locks and the rest of a load's environment",
        "max_connections max_locks_per_transaction statement_timeout lock_timeout"
            + " default_toast_compression gin_pending_list_limit synchronize_seqscans");
    declare(
        "what the server log says about the load",
        "log_checkpoints log_autovacuum_min_duration log_min_duration_statement"
            + " log_temp_files log_lock_waits");
  }

  /** The settings of one group, written one after another. */
  private static void declare(String name, String settings) {
    GROUPS.put(name, List.of(settings.split(" ")));
  }

  private static final Set<String> ALLOWED =
      new TreeSet<>(GROUPS.values().stream().flatMap(List::stream).toList());

  /** Settings the harness sets to reach its own server and keep others out. */
  private static final Set<String> WIRED =
      Set.of("port", "unix_socket_directories", "unix_socket_permissions", "listen_addresses");

  private AllowedSettings() {}

  public static boolean allowed(String name) {
    return ALLOWED.contains(name);
  }

  /** Whether the harness sets {@code name} itself, so that no scenario may. */
  static boolean wired(String name) {
    return WIRED.contains(name);
  }

  /** What {@code name}, an allowed setting, tunes: {@code memory}, {@code WAL and durability}. */
  public static String group(String name) {
    return GROUPS.entrySet().stream()
        .filter(g -> g.getValue().contains(name))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(name + " is not an allowed setting"));
  }

  static Set<String> wired() {
    return WIRED;
  }

  public static Set<String> names() {
    return ALLOWED;
  }

  /**
   * Why a scenario may not choose something by itself, and how the user does: {@code what}
   * completes "a scenario may not choose", {@code remedy} says how to give it instead.
   */
  static String untrusted(String what, String remedy) {
    return "a scenario may not choose " + what + "; " + remedy + ", or " + TRUSTED;
  }
}
