package org.pgloadbench.variant;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a server the harness starts streams its WAL to a physical standby of its own, and whether
 * its commits wait for that standby ({@code servers.standby}, the {@code standby} axis).
 */
public enum StandbyMode implements ServerPart, YamlName {
  NONE,
  /** Streaming replication; commits do not wait for the standby. */
  ASYNC,
  /**
   * Streaming replication with the standby in {@code synchronous_standby_names}: each commit waits
   * until the standby has flushed its WAL ({@code synchronous_commit = on}).
   */
  SYNC;

  /** The standby's {@code application_name}: how the primary's views and settings name it. */
  public static final String APPLICATION_NAME = "pgloadbench_standby";

  /** PostgreSQL's default number of WAL senders, for a profile that turns them off. */
  private static final String WAL_SENDERS = "10";

  public static Optional<StandbyMode> named(String name) {
    return YamlName.find(values(), name);
  }

  public static List<String> names() {
    return YamlName.names(values());
  }

  /**
   * Why a primary with these settings cannot have this standby, or null when it can: settings a
   * scenario gives (or a profile) that would leave no WAL to stream, or commits that would not wait
   * for a sync standby.
   *
   * @param settings the settings the scenario writes itself (a profile's are replaced, see {@link
   *     #addSettings})
   * @param profile the settings profile, of which only synchronous_commit counts here
   */
  public String unfit(Map<String, String> settings, SettingsProfile profile) {
    if (this == NONE) {
      return null;
    }
    String level = settings.get("wal_level");
    if ("minimal".equals(level)) {
      return "a standby needs wal_level replica (or logical); remove wal_level: minimal";
    }
    if ("0".equals(settings.get("max_wal_senders"))) {
      return "a standby needs a WAL sender; remove max_wal_senders: 0";
    }
    if (this == SYNC) {
      // the profile's synchronous_commit does not depend on the machine's memory
      String commit =
          settings.getOrDefault(
              "synchronous_commit", profile.settings(0).get("synchronous_commit"));
      if (commit != null && List.of("off", "local", "false", "no", "0").contains(commit)) {
        String whose =
            settings.containsKey("synchronous_commit")
                ? "the scenario's"
                : "the " + profile + " profile's";
        return ("a sync standby with synchronous_commit %s (%s) makes no commit wait for it; set"
                + " synchronous_commit: on, or use an async standby")
            .formatted(commit, whose);
      }
    }
    return null;
  }

  @Override
  public boolean isNone() {
    return this == NONE;
  }

  /**
   * The primary's settings for this standby: a profile's {@code wal_level = minimal} and {@code
   * max_wal_senders = 0} (the bulk-load profile's, which a standby cannot stream) become
   * PostgreSQL's defaults, {@code replica} and 10; anything else stays.
   */
  @Override
  public void addSettings(Map<String, String> settings) {
    if (this != NONE) {
      settings.computeIfPresent("wal_level", (k, v) -> v.equals("minimal") ? "replica" : v);
      settings.computeIfPresent("max_wal_senders", (k, v) -> v.equals("0") ? WAL_SENDERS : v);
    }
  }

  @Override
  public String shown() {
    return yamlName() + " standby";
  }

  @Override
  public String toString() {
    return yamlName();
  }
}
