package org.pgloadbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;

/**
 * The server's figures are stored like every other: columns appended to timings.csv, fields of
 * steps.jsonl, found by name; a line stored before they existed loads with them unknown.
 */
class ServerFiguresTest {
  @TempDir Path dir;

  @Test
  void storedAndReadBackByName() throws Exception {
    Measurements m =
        Measurements.timed(2.0)
            .serverCpu(1.25, 0.25)
            .serverBytes(1L << 20, 3L << 20)
            .statIo(10L, 20L, 15L, 30L, 4L)
            .walStats(5L, 6L)
            .standbyLag(7L, 0.0125)
            .syncWaitSeconds(0.5)
            .throttled(8L, 9L, 2L, 3L)
            .instructions(123_456_789L)
            .build();
    Path run = dir.resolve("run");
    try (ResultStore store = ResultStore.create(run, List.of())) {
      store.append(
          StepResult.ok(
              "r", "s", new StepKey("17.6", "c", 1, "t", StepKind.COPY, null), Map.of(), m));
    }
    List<String> csv = Files.readAllLines(run.resolve(ResultStore.TIMINGS));
    assertThat(csv.get(0))
        .endsWith(
            ",client_cpu_seconds,server_cpu_user_seconds,server_cpu_system_seconds,"
                + "server_read_bytes,server_written_bytes,io_read_bytes,io_written_bytes,"
                + "io_backend_written_bytes,io_extended_bytes,io_fsyncs,wal_fpi,wal_buffers_full,index_bytes,"
                + "standby_lag_bytes,standby_lag_seconds,sync_wait_seconds,"
                + "throttled_read_bytes,throttled_written_bytes,throttled_reads,throttled_writes,instructions");
    assertThat(csv.get(1))
        .endsWith(",1.25,0.25,1048576,3145728,10,20,15,30,4,5,6,,7,0.013,0.500,8,9,2,3,123456789");

    Measurements read = ResultStore.readSteps(run).get(0).measured();
    assertThat(read).isEqualTo(m);
    assertThat(read.serverCpuSeconds()).isEqualTo(1.5);
    assertThat(Measurements.named("server_written_bytes").apply(read)).isEqualTo(3L << 20);
  }

  @Test
  void aStepStoredBeforeServerFiguresLoadsWithThemUnknown() throws Exception {
    Path run = Files.createDirectories(dir.resolve("old"));
    Files.writeString(
        run.resolve(ResultStore.STEPS),
        "{\"run_id\":\"r\",\"scenario\":\"s\",\"server\":\"17.6\",\"cell\":\"c\","
            + "\"repetition\":1,\"table\":\"t\",\"step\":\"copy\",\"axes\":{},\"status\":\"ok\","
            + "\"seconds\":0.5,\"rows\":10,\"wal_bytes\":100,\"client_cpu_seconds\":0.2}\n");
    Measurements old = ResultStore.readSteps(run).get(0).measured();
    assertThat(old.seconds()).isEqualTo(0.5);
    assertThat(old.clientCpuSeconds()).isEqualTo(0.2);
    assertThat(old.serverCpuUserSeconds()).isNull();
    assertThat(old.serverCpuSeconds()).isNull();
    assertThat(old.ioWrittenBytes()).isNull();
    assertThat(old.throttledWrittenBytes()).isNull();
  }
}
