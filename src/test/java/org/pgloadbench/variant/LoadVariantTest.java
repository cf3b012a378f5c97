package org.pgloadbench.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.Axis;

/** A variant's named accessors read the parts Axis.variant puts under the axes' names. */
class LoadVariantTest {
  @Test
  void eachAccessorReadsItsAxisPart() {
    LoadVariant v =
        Axis.variant(
            Map.ofEntries(
                Map.entry("format", "binary"),
                Map.entry("freeze", "true"),
                Map.entry("pk", "later"),
                Map.entry("connections", "4"),
                Map.entry("unlogged", "true"),
                Map.entry("indexes", "now"),
                Map.entry("ways_index", "full"),
                Map.entry("middle_format", "legacy"),
                Map.entry("settings", "bulk-load"),
                Map.entry("loader", "batch"),
                Map.entry("batch_size", "50"),
                Map.entry("commit_every", "7"),
                Map.entry("fastupdate", "off"),
                Map.entry("gin_pending_list_limit", "4MB"),
                Map.entry("memory", "256MB"),
                Map.entry("standby", "sync"),
                Map.entry("disk", "gp3")));
    assertThat(v.format()).isEqualTo(CopyFormat.BINARY);
    assertThat(v.freeze()).isTrue();
    assertThat(v.primaryKeyLater()).isTrue();
    assertThat(v.connections()).isEqualTo(4);
    assertThat(v.unlogged()).isTrue();
    assertThat(v.indexesNow()).isTrue();
    assertThat(v.waysIndex()).isEqualTo(WaysIndex.FULL);
    assertThat(v.middleFormat()).isEqualTo(MiddleFormat.LEGACY);
    assertThat(v.settings()).isEqualTo(SettingsProfile.BULK_LOAD);
    assertThat(v.loader()).isEqualTo(LoaderKind.BATCH);
    assertThat(v.batchSize()).isEqualTo(50);
    assertThat(v.commitEvery()).isEqualTo(7);
    assertThat(v.fastupdate()).isFalse();
    assertThat(v.ginPendingListLimitKb()).isEqualTo(4096);
    assertThat(v.memoryBytes()).isEqualTo(256L * 1024 * 1024);
    assertThat(v.standby()).isEqualTo(StandbyMode.SYNC);
    assertThat(v.disk()).isEqualTo(DiskLimit.parse("gp3").orElseThrow());
  }

  @Test
  void withChangesOnePartAndRefusesAnotherTypeOrAnUnknownAxis() {
    LoadVariant plain = Axis.variant(Map.of());
    LoadVariant capped = plain.with("memory", 1L << 30);
    assertThat(capped.memoryBytes()).isEqualTo(1L << 30);
    assertThat(capped.with("memory", 0L)).isEqualTo(plain);
    // an enum constant with a body (CopyFormat's) is of its enum
    assertThat(plain.with("format", CopyFormat.BINARY).format()).isEqualTo(CopyFormat.BINARY);
    assertThatThrownBy(() -> plain.with("memory", 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("memory takes a Long: 1");
    assertThatThrownBy(() -> plain.with("fillfactor", 50))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("no axis fillfactor among [format, freeze, pk,");
  }
}
