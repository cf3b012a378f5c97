package org.pgloadbench.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The facts a result needs beside its numbers: the machine, the JVM, the harness, a server's
 * settings.
 */
public final class Environment {
  private Environment() {}

  /** The machine a run is on, as run.json records it. */
  public record Host(
      String cpuModel,
      int cpus,
      long memoryBytes,
      String os,
      String java,
      String harnessRevision) {}

  /** CPU model and count, memory, OS, Java version and the harness's git revision. */
  public static Host host() {
    return new Host(
        firstValue(Path.of("/proc/cpuinfo"), "model name").orElse(System.getProperty("os.arch")),
        Runtime.getRuntime().availableProcessors(),
        memoryBytes(),
        firstValue(Path.of("/etc/os-release"), "PRETTY_NAME")
                .map(s -> s.replace("\"", "") + ", ")
                .orElse("")
            + System.getProperty("os.name")
            + " "
            + System.getProperty("os.version"),
        System.getProperty("java.version"),
        harnessRevision());
  }

  /**
   * The settings that differ from PostgreSQL's built-in defaults, as the server reports them, less
   * the plumbing that differs on every run (port, socket directory) and initdb's locale choices.
   */
  public static Map<String, String> nonDefaultSettings(Connection connection) throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT name, pg_catalog.current_setting(name) FROM pg_catalog.pg_settings"
                    + " WHERE source NOT IN ('default', 'override', 'client', 'session')"
                    + " AND name NOT IN ('port', 'listen_addresses', 'unix_socket_directories',"
                    + " 'lc_messages', 'lc_monetary', 'lc_numeric', 'lc_time', 'log_timezone',"
                    + " 'default_text_search_config', 'DateStyle', 'TimeZone')"
                    + " ORDER BY name")) {
      while (rs.next()) {
        settings.put(rs.getString(1), rs.getString(2));
      }
    }
    return settings;
  }

  /**
   * The memory this machine gives the harness and its servers: the physical memory, or the cgroup's
   * limit when that is lower (a container).
   */
  public static long memoryBytes() {
    long physical = physicalMemoryBytes();
    try {
      String limit = Files.readString(Path.of("/sys/fs/cgroup/memory.max")).strip();
      return limit.matches("\\d+") ? Math.min(physical, Long.parseLong(limit)) : physical;
    } catch (IOException | RuntimeException e) {
      return physical; // no cgroup v2 limit to read
    }
  }

  private static long physicalMemoryBytes() {
    return firstValue(Path.of("/proc/meminfo"), "MemTotal")
        .map(v -> Long.parseLong(v.replaceAll("\\D", "")) * 1024)
        .orElseGet(
            () ->
                ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                    .getTotalMemorySize());
  }

  /** The value of the first {@code key: value} or {@code key=value} line of a system file. */
  private static Optional<String> firstValue(Path file, String key) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith(key)) {
          return Optional.of(
              line.substring(key.length()).replaceFirst("^\\s*[:=]\\s*", "").strip());
        }
      }
    } catch (IOException e) {
      // not Linux, or not readable: the fact is left out
    }
    return Optional.empty();
  }

  /** The harness's git revision (git describe), or "unknown" outside a git checkout. */
  public static String harnessRevision() {
    try {
      Process git =
          new ProcessBuilder(List.of("git", "describe", "--always", "--dirty", "--abbrev=12"))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String revision = new String(git.getInputStream().readAllBytes()).strip();
      return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? revision : "unknown";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }
}
