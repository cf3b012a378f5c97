package org.pgloadbench.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.metrics.ResourceMeter;
import org.pgloadbench.metrics.ResourceUse;
import org.pgloadbench.metrics.StatIo;
import org.pgloadbench.results.Measurements;

/**
 * What is read of the server's resources right around a step, outside its clock: the SQL statistics
 * before the operating system's counters and after them, so that the statistics' own queries fall
 * outside the counted window.
 */
final class Sampler {
  private final ResourceMeter meter;
  private final StatIo statIo;
  private final DiskThrottle throttle;

  /** {@code throttle} null: the server's disk is not limited. */
  Sampler(ResourceMeter meter, StatIo statIo, DiskThrottle throttle) {
    this.meter = meter;
    this.statIo = statIo;
    this.throttle = throttle;
  }

  record Before(StatIo.Reading io, ResourceUse use, DiskThrottle.Reading throttled) {}

  List<String> missing() {
    List<String> all = new ArrayList<>(meter.missing());
    if (statIo != null) {
      all.addAll(statIo.missing());
    }
    return all;
  }

  Before before(List<Connection> sessions) throws SQLException {
    StatIo.Reading io = statIo == null ? null : statIo.read(sessions.get(0), sessions, null);
    ResourceUse use = meter.read();
    return new Before(io, use, throttle == null ? null : throttle.read());
  }

  void after(
      Before before, List<Connection> sessions, boolean checkpoint, Measurements.Builder measured)
      throws SQLException {
    ResourceUse use = meter.read().since(before.use());
    measured
        .serverCpu(use.cpuUserSeconds(), use.cpuSystemSeconds())
        .serverBytes(use.readBytes(), use.writtenBytes());
    if (throttle != null) {
      DiskThrottle.Reading passed = throttle.read().since(before.throttled());
      measured.throttled(
          passed.readBytes(), passed.writtenBytes(), passed.reads(), passed.writes());
    }
    if (statIo != null) {
      StatIo.Reading io =
          statIo
              .read(sessions.get(0), sessions, checkpoint ? before.io() : null)
              .since(before.io());
      measured
          .statIo(
              io.readBytes(),
              io.writtenBytes(),
              io.backendWrittenBytes(),
              io.extendedBytes(),
              io.fsyncs())
          .walStats(io.walFpi(), io.walBuffersFull());
    }
  }
}
