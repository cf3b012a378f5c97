package org.pgloadbench.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Server settings a shared scenario must not set unless the user says so on the command line
 * ({@code --allow-unsafe-settings}): each makes the server run a command, load code, write or read
 * where it likes, or accept logins other than the harness's, so a scenario posted in an issue could
 * turn a benchmark into someone else's program running as the user. Settings that only tune the
 * server are never here.
 */
final class UnsafeSettings {
  static final String FLAG = "--allow-unsafe-settings";

  private static final Map<String, String> WHY = new LinkedHashMap<>();

  static {
    because(
        "makes the server run a shell command",
        "archive_command",
        "archive_cleanup_command",
        "recovery_end_command",
        "restore_command",
        "ssl_passphrase_command");
    because(
        "makes the server load a shared library",
        "archive_library",
        "shared_preload_libraries",
        "session_preload_libraries",
        "local_preload_libraries",
        "dynamic_library_path",
        "jit_provider");
    because(
        "makes the server run Perl code",
        "plperl.on_init",
        "plperl.on_plperl_init",
        "plperl.on_plperlu_init");
    because(
        "makes the server read configuration from another file",
        "include",
        "include_if_exists",
        "include_dir");
    because(
        "moves the server's configuration, logins or data elsewhere",
        "config_file",
        "hba_file",
        "ident_file",
        "data_directory");
    because(
        "makes the server write files outside its data directory",
        "external_pid_file",
        "log_directory",
        "log_filename",
        "stats_temp_directory");
    because("opens the server to other machines", "listen_addresses");
  }

  private static void because(String why, String... names) {
    for (String name : names) {
      WHY.put(name, why);
    }
  }

  private UnsafeSettings() {}

  /** Why a scenario may not set {@code name} without the flag, or null when it may. */
  static String why(String name) {
    return WHY.get(name);
  }
}
