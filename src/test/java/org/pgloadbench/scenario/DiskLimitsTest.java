package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.server.DiskLimit;

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

    Scenario none = s.withOverrides(Overrides.NONE.withDisk("none"));
    assertThat(none.cells()).allMatch(c -> c.variant().disk().isNone());
    Scenario ssd = s.withOverrides(Overrides.NONE.withDisk("sata-ssd"));
    assertThat(ssd.cells()).allMatch(c -> c.variant().disk().readIops() == 98_000);
  }

  @Test
  void diskOverridesAreOneLineNamingTheVariable() throws Exception {
    Scenario axis = load(AXIS);
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> axis.withOverrides(Overrides.NONE.withDisk("write=0MB/s")))
                .getMessage())
        .isEqualTo("DISK=write=0MB/s: " + DiskLimit.hint());
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> axis.withOverrides(Overrides.NONE.withDisk("gp3")))
                .getMessage())
        .isEqualTo("DISK=gp3: the scenario compares disk limits on its disk axis; leave DISK out");
  }
}
