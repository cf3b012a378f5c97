package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * What one step measured; a figure not measured is null. A new figure is one component here (built
 * by name through {@link Builder}) plus its column in {@link ResultStore}; claims find it by its
 * name ({@link #named}).
 *
 * @param seconds wall time, by the runner's clock
 * @param rows rows loaded (COPY, checked against the rows generated)
 * @param walBytes WAL written during the step: the {@code pg_current_wal_insert_lsn()} delta
 * @param tableBytes the table's heap size after the step
 * @param pages heap pages in use after the step: the relation's pages less the never-initialised
 *     ones that bulk extension (16+) leaves at its end, so that a COPY FREEZE shows all its pages
 *     frozen
 * @param frozenPages pages marked all-frozen in the visibility map after the step
 * @param objectBytes the size of the object the step acted on (an index's main fork)
 * @param clientCpuSeconds CPU time of the harness's own process during the step (generating,
 *     encoding and sending rows on every connection's thread)
 * @param serverCpuUserSeconds CPU time of every process of the server in user mode during the step,
 *     processes that exited meanwhile (a parallel worker, say) included
 * @param serverCpuSystemSeconds the same in the kernel
 * @param serverReadBytes bytes the server's processes read from storage (the page cache's misses)
 * @param serverWrittenBytes bytes the server's processes handed to the kernel to write to storage
 * @param ioReadBytes pg_stat_io (16+): table and index bytes read from the kernel, cache or disk
 * @param ioWrittenBytes pg_stat_io: bytes written out of shared buffers, every backend type
 * @param ioBackendWrittenBytes pg_stat_io: of those, by the load's sessions and parallel workers
 *     themselves (the checkpointer and background writer wrote the rest)
 * @param ioExtendedBytes pg_stat_io: bytes by which tables and indexes grew
 * @param ioFsyncs pg_stat_io: files synced
 * @param walFpi pg_stat_wal: full-page images written to WAL
 * @param walBuffersFull pg_stat_wal: WAL writes forced by full WAL buffers
 * @param indexBytes the size of the table's indexes after the step ({@code pg_indexes_size}): the
 *     primary key and any index present during the load, pending lists included
 * @param standbyLagBytes on a server with a standby: the WAL written on the primary and not yet
 *     replayed on the standby when the step ended
 * @param standbyLagSeconds the primary's {@code pg_stat_replication.replay_lag} when the step ended
 * @param syncWaitSeconds with a sync standby: the session-seconds the step's commits waited for it
 *     ({@code SyncRep} waits, sampled)
 * @param throttledReadBytes on a server whose disk is limited: bytes its throttle let through to be
 *     read from the device ({@code blkio.throttle.io_service_bytes}, {@code io.stat})
 * @param throttledWrittenBytes the same, written; under cgroup v1 the kernel's writeback of
 *     buffered writes passes no throttle (it is charged to the root cgroup), so the server's
 *     written bytes less these escaped it
 * @param throttledReads read operations the throttle let through
 * @param throttledWrites write operations the throttle let through
 * @param instructions on a server under valgrind ({@code measure: instructions}): the instructions
 *     the step's sessions' backends executed, the marker calls that delimit it taken off
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Measurements(
    double seconds,
    Long rows,
    Long walBytes,
    Long tableBytes,
    Long pages,
    Long frozenPages,
    Long objectBytes,
    Double clientCpuSeconds,
    Double serverCpuUserSeconds,
    Double serverCpuSystemSeconds,
    Long serverReadBytes,
    Long serverWrittenBytes,
    Long ioReadBytes,
    Long ioWrittenBytes,
    Long ioBackendWrittenBytes,
    Long ioExtendedBytes,
    Long ioFsyncs,
    Long walFpi,
    Long walBuffersFull,
    Long indexBytes,
    Long standbyLagBytes,
    Double standbyLagSeconds,
    Double syncWaitSeconds,
    Long throttledReadBytes,
    Long throttledWrittenBytes,
    Long throttledReads,
    Long throttledWrites,
    Long instructions) {
  private static final RecordComponent[] FIGURES = Measurements.class.getRecordComponents();

  /** Each figure's name in results and claims, in the record's order: {@code wal_bytes}. */
  public static final List<String> NAMES =
      Arrays.stream(FIGURES)
          .map(c -> c.getName().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT))
          .toList();

  private static final Constructor<Measurements> CANONICAL = canonical();

  private static Constructor<Measurements> canonical() {
    try {
      return Measurements.class.getDeclaredConstructor(
          Arrays.stream(FIGURES).map(RecordComponent::getType).toArray(Class<?>[]::new));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The server's CPU time, user and system, or null where it was not measured. */
  public Double serverCpuSeconds() {
    return serverCpuUserSeconds == null || serverCpuSystemSeconds == null
        ? null
        : serverCpuUserSeconds + serverCpuSystemSeconds;
  }

  /** Measurements of a step that took {@code seconds}, every other figure to be added by name. */
  public static Builder timed(double seconds) {
    return new Builder(seconds);
  }

  /**
   * The figure a results file or a claim names ({@code wal_bytes}), as a function: the record's
   * components are the list of figures, so a figure added here is found without a line of its own.
   */
  public static Function<Measurements, Number> named(String name) {
    RecordComponent component = FIGURES[index(name)];
    return m -> {
      try {
        return (Number) component.getAccessor().invoke(m);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    };
  }

  /** Whether a figure counts whole things (bytes, rows, pages) rather than seconds. */
  public static boolean whole(String name) {
    return FIGURES[index(name)].getType() == Long.class;
  }

  private static int index(String name) {
    int index = NAMES.indexOf(name);
    if (index < 0) {
      throw new IllegalArgumentException("no figure named " + name);
    }
    return index;
  }

  /**
   * Measurements built by name: each figure the step measured, the rest left null. The figures are
   * held in the record's component order and handed to its one constructor.
   */
  public static final class Builder {
    private final Object[] figures = new Object[FIGURES.length];

    private Builder(double seconds) {
      set("seconds", seconds);
    }

    private Builder set(String name, Object value) {
      figures[index(name)] = value;
      return this;
    }

    public Builder rows(Long rows) {
      return set("rows", rows);
    }

    public Builder walBytes(Long walBytes) {
      return set("wal_bytes", walBytes);
    }

    public Builder table(Long tableBytes, Long pages, Long frozenPages) {
      return set("table_bytes", tableBytes).set("pages", pages).set("frozen_pages", frozenPages);
    }

    public Builder objectBytes(Long objectBytes) {
      return set("object_bytes", objectBytes);
    }

    public Builder indexBytes(Long indexBytes) {
      return set("index_bytes", indexBytes);
    }

    public Builder clientCpuSeconds(Double clientCpuSeconds) {
      return set("client_cpu_seconds", clientCpuSeconds);
    }

    /** The server's CPU seconds in user mode and in the kernel, as the operating system counts. */
    public Builder serverCpu(Double user, Double system) {
      return set("server_cpu_user_seconds", user).set("server_cpu_system_seconds", system);
    }

    /** Bytes the server's processes read from and handed over to write to storage. */
    public Builder serverBytes(Long read, Long written) {
      return set("server_read_bytes", read).set("server_written_bytes", written);
    }

    /**
     * The step's pg_stat_io deltas: bytes read, written (of which by backends), extended; fsyncs.
     */
    public Builder statIo(
        Long read, Long written, Long backendWritten, Long extended, Long fsyncs) {
      return set("io_read_bytes", read)
          .set("io_written_bytes", written)
          .set("io_backend_written_bytes", backendWritten)
          .set("io_extended_bytes", extended)
          .set("io_fsyncs", fsyncs);
    }

    /** The step's pg_stat_wal deltas: full-page images, writes forced by full WAL buffers. */
    public Builder walStats(Long fpi, Long buffersFull) {
      return set("wal_fpi", fpi).set("wal_buffers_full", buffersFull);
    }

    /** The standby's replay lag when the step ended: bytes and, as the primary says, seconds. */
    public Builder standbyLag(Long bytes, Double seconds) {
      return set("standby_lag_bytes", bytes).set("standby_lag_seconds", seconds);
    }

    /** The session-seconds the step's commits waited for a sync standby. */
    public Builder syncWaitSeconds(Double seconds) {
      return set("sync_wait_seconds", seconds);
    }

    /** What the disk's throttle let through during the step: bytes and operations each way. */
    public Builder throttled(Long readBytes, Long writtenBytes, Long reads, Long writes) {
      return set("throttled_read_bytes", readBytes)
          .set("throttled_written_bytes", writtenBytes)
          .set("throttled_reads", reads)
          .set("throttled_writes", writes);
    }

    /** The instructions the step's backends executed, counted under valgrind. */
    public Builder instructions(Long instructions) {
      return set("instructions", instructions);
    }

    public Measurements build() {
      try {
        return CANONICAL.newInstance(figures);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
