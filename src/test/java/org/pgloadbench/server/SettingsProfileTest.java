package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.scenario.AllowedSettings;
import org.pgloadbench.variant.SettingsProfile;

class SettingsProfileTest {
  private static final long GB = 1024L * 1024 * 1024;

  @Test
  void bulkLoadOnTheCrunchyDataMachineGivesThePostsSizes() {
    Map<String, String> s = SettingsProfile.BULK_LOAD.settings(128 * GB);
    assertThat(s)
        .containsEntry("shared_buffers", "49152MB")
        .containsEntry("effective_cache_size", "65536MB")
        .containsEntry("maintenance_work_mem", "20480MB")
        .containsEntry("work_mem", "1024MB")
        .containsEntry("max_wal_size", "262144MB")
        .containsEntry("wal_level", "minimal")
        .containsEntry("max_wal_senders", "0")
        .containsEntry("fsync", "off")
        .containsEntry("full_page_writes", "off")
        .containsEntry("synchronous_commit", "off")
        .containsEntry("autovacuum", "off")
        .containsEntry("checkpoint_timeout", "60min");
  }

  @Test
  void sizesScaleWithMemoryButNeverFallBelowPostgresDefaults() {
    assertThat(SettingsProfile.BULK_LOAD.settings(16 * GB))
        .containsEntry("shared_buffers", "6144MB")
        .containsEntry("maintenance_work_mem", "2560MB")
        .containsEntry("work_mem", "128MB");
    assertThat(SettingsProfile.BULK_LOAD.settings(GB / 4))
        .containsEntry("shared_buffers", "128MB")
        .containsEntry("effective_cache_size", "4096MB")
        .containsEntry("maintenance_work_mem", "64MB")
        .containsEntry("work_mem", "4MB")
        .containsEntry("max_wal_size", "1024MB");
  }

  @Test
  void osm2pgsqlOnTheManualsMachineGivesTheManualsSettings() {
    assertThat(SettingsProfile.OSM2PGSQL.settings(64 * GB))
        .containsExactlyInAnyOrderEntriesOf(
            Map.ofEntries(
                Map.entry("shared_buffers", "1024MB"),
                Map.entry("work_mem", "50MB"),
                Map.entry("maintenance_work_mem", "10240MB"),
                Map.entry("autovacuum_work_mem", "2048MB"),
                Map.entry("wal_level", "minimal"),
                Map.entry("max_wal_senders", "0"),
                Map.entry("checkpoint_timeout", "60min"),
                Map.entry("max_wal_size", "10240MB"),
                Map.entry("checkpoint_completion_target", "0.9"),
                Map.entry("random_page_cost", "1.0"),
                Map.entry("jit", "off"),
                Map.entry("max_parallel_workers_per_gather", "0")));
  }

  @Test
  void osm2pgsqlKeepsTheManualsFractionsAndNeverGoesBelowPostgresDefaults() {
    // the manual's 64 GB: shared_buffers 1/64, work_mem 50 MB, maintenance 5/32, autovacuum 1/32,
    // max_wal_size 5/32
    assertThat(SettingsProfile.OSM2PGSQL.settings(128 * GB))
        .containsEntry("shared_buffers", "2048MB")
        .containsEntry("work_mem", "100MB")
        .containsEntry("maintenance_work_mem", "20480MB")
        .containsEntry("autovacuum_work_mem", "4096MB")
        .containsEntry("max_wal_size", "20480MB");
    assertThat(SettingsProfile.OSM2PGSQL.settings(16 * GB))
        .containsEntry("shared_buffers", "256MB")
        .containsEntry("work_mem", "12MB")
        .containsEntry("maintenance_work_mem", "2560MB")
        .containsEntry("autovacuum_work_mem", "512MB")
        .containsEntry("max_wal_size", "2560MB");
    // 2 GB: shared_buffers, work_mem and max_wal_size would fall below 128 MB, 4 MB and 1 GB
    assertThat(SettingsProfile.OSM2PGSQL.settings(2 * GB))
        .containsEntry("shared_buffers", "128MB")
        .containsEntry("work_mem", "4MB")
        .containsEntry("maintenance_work_mem", "320MB")
        .containsEntry("autovacuum_work_mem", "64MB")
        .containsEntry("max_wal_size", "1024MB");
    // a 32 MB memory cap: every size at its floor
    assertThat(SettingsProfile.OSM2PGSQL.settings(32 * 1024 * 1024))
        .containsEntry("maintenance_work_mem", "64MB")
        .containsEntry("autovacuum_work_mem", "64MB");
  }

  @Test
  void everyProfileSettingIsOneAScenarioMaySetItself() {
    for (SettingsProfile profile : SettingsProfile.values()) {
      assertThat(profile.settings(64 * GB).keySet())
          .as(profile.profileName())
          .allMatch(AllowedSettings::allowed);
    }
  }

  @Test
  void osm2pgsqlKeepsDurabilityAndAutovacuumAsTheManualSays() {
    assertThat(SettingsProfile.OSM2PGSQL.settings(64 * GB))
        .doesNotContainKeys("fsync", "full_page_writes", "synchronous_commit", "autovacuum");
  }

  @Test
  void defaultsSetNothingAndNamesRoundTrip() {
    assertThat(SettingsProfile.DEFAULTS.settings(128 * GB)).isEmpty();
    assertThat(SettingsProfile.named("bulk-load")).contains(SettingsProfile.BULK_LOAD);
    assertThat(SettingsProfile.named("bulk_load")).isEmpty();
    assertThat(SettingsProfile.named("osm2pgsql")).contains(SettingsProfile.OSM2PGSQL);
    assertThat(SettingsProfile.names()).isEqualTo("defaults, bulk-load, osm2pgsql");
  }
}
