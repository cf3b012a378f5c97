package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.variant.DiskLimit;

/**
 * Disk limits as a scenario and the command line give them: servers.disk for every cell, a disk
 * axis whose values are server starts of their own, DISK= in the place of the scenario's. (Refused
 * files: bad/DiskLimits-*.yaml.)
 */
class DiskLimitsTest {
  @TempDir Path dir;

  private Scenario load(String yaml) throws Exception {
    return ScenarioLoader.load(Files.writeString(dir.resolve("d.yaml"), yaml));
  }

  private static final String AXIS =
      """
      name: d
      dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 10}}
      servers: {versions: [17]}
      matrix:
        disk: [none, gp3, "read=60MB/s,write=30MB/s"]
      steps: [create, copy]
      """;

  @Test
  void theAxisLabelsCellsAndLimitsTheirServers() throws Exception {
    Scenario s = load(AXIS);
    assertThat(s.cells())
        .extracting(Cell::label)
        .containsExactly("disk-none", "disk-gp3", "disk-r60MBps-w30MBps");
    assertThat(s.cells())
        .extracting(c -> c.variant().disk().writeBytes())
        .containsExactly(0L, 125L << 20, 30_000_000L);
  }

  @Test
  void serversDiskLimitsEveryCellAndDiskReplacesIt() throws Exception {
    Scenario s =
        load(
            AXIS.replace("servers: {versions: [17]}", "servers: {versions: [17], disk: hdd-7200}")
                .replace("disk: [none, gp3, \"read=60MB/s,write=30MB/s\"]", "format: [text, binary]"));
    assertThat(s.cells()).extracting(Cell::label).containsExactly("text", "binary");
    assertThat(s.cells()).allMatch(c -> c.variant().disk().text().equals("hdd-7200"));

    Scenario none = s.withOverrides(Overrides.NONE.with(Overrides.DISK, "none"));
    assertThat(none.cells()).allMatch(c -> c.variant().disk().isNone());
    Scenario ssd = s.withOverrides(Overrides.NONE.with(Overrides.DISK, "sata-ssd"));
    assertThat(ssd.cells()).allMatch(c -> c.variant().disk().readIops() == 98_000);
  }

  @Test
  void oneLimitWrittenInAnotherOrderOrUnitIsOneValueOneTextOneLabel() {
    DiskLimit written = DiskLimit.parse("read=60MB/s,write=30MB/s").orElseThrow();
    for (String same : List.of("write=30MB/s,read=60MB/s", "read=60000kB/s,write=30000000B/s")) {
      DiskLimit other = DiskLimit.parse(same).orElseThrow();
      assertThat(other).as(same).isEqualTo(written);
      assertThat(other.text()).as(same).isEqualTo("read=60MB/s,write=30MB/s");
      assertThat(other.label()).as(same).isEqualTo("r60MBps-w30MBps");
    }
    // each rate in the largest unit that holds it whole; the ways in one order
    assertThat(DiskLimit.parse("write_iops=80,read=1024KiB/s,read_iops=90,write=1024kB/s"))
        .get()
        .extracting(DiskLimit::text)
        .isEqualTo("read=1MiB/s,write=1000KiB/s,read_iops=90,write_iops=80");
    assertThat(DiskLimit.parse("read=1500MB/s").orElseThrow().text()).isEqualTo("read=1500MB/s");
    // a disk's name, and none, stay as written
    assertThat(DiskLimit.parse("gp3").orElseThrow().text()).isEqualTo("gp3");
    assertThat(DiskLimit.parse("none").orElseThrow()).isEqualTo(DiskLimit.NONE);
  }

  @Test
  void oneLimitWrittenTwoWaysOnTheAxisIsListedOnce() throws Exception {
    // accepted as it was before limits had one text, as one cell, with a note saying so
    Scenario s =
        load(
            AXIS.replace(
                "[none, gp3, \"read=60MB/s,write=30MB/s\"]",
                "[\"read=60MB/s,write=30MB/s\", \"write=30MB/s,read=60000kB/s\"]"));
    assertThat(s.cells()).extracting(Cell::label).containsExactly("disk-r60MBps-w30MBps");
    assertThat(s.notes())
        .containsExactly(
            dir.resolve("d.yaml")
                + ":5: matrix.disk[1]: 'write=30MB/s,read=60000kB/s' is a disk limit listed"
                + " already, as 'read=60MB/s,write=30MB/s'; counted once (list each value once)");
  }

  @Test
  void diskOverridesAreOneLineNamingTheVariable() throws Exception {
    Scenario axis = load(AXIS);
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> axis.withOverrides(Overrides.NONE.with(Overrides.DISK, "write=0MB/s")))
                .getMessage())
        .isEqualTo("DISK=write=0MB/s: " + DiskLimit.hint());
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> axis.withOverrides(Overrides.NONE.with(Overrides.DISK, "gp3")))
                .getMessage())
        .isEqualTo("DISK=gp3: the scenario compares disk limits on its disk axis; leave DISK out");
  }
}
