package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

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
  void defaultsSetNothingAndNamesRoundTrip() {
    assertThat(SettingsProfile.DEFAULTS.settings(128 * GB)).isEmpty();
    assertThat(SettingsProfile.named("bulk-load")).contains(SettingsProfile.BULK_LOAD);
    assertThat(SettingsProfile.named("bulk_load")).isEmpty();
  }
}
