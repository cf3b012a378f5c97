package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What one step measured; a figure not measured is null. A new figure is one component here (built
 * by name through {@link Builder}) plus its column in {@link ResultStore}; reports, claims and
 * {@code compare} find it by its name ({@link Figures#named}).
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

  /** The figures a harness before server resources stored; the rest unknown. */
  public Measurements(
      double seconds,
      Long rows,
      Long walBytes,
      Long tableBytes,
      Long pages,
      Long frozenPages,
      Long objectBytes,
      Double clientCpuSeconds) {
    this(
        seconds,
        rows,
        walBytes,
        tableBytes,
        pages,
        frozenPages,
        objectBytes,
        clientCpuSeconds,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null);
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

  /** Measurements built by name: each figure the step measured, the rest left null. */
  public static final class Builder {
    private final double seconds;
    private Long rows;
    private Long walBytes;
    private Long tableBytes;
    private Long pages;
    private Long frozenPages;
    private Long objectBytes;
    private Double clientCpuSeconds;
    private Double serverCpuUserSeconds;
    private Double serverCpuSystemSeconds;
    private Long serverReadBytes;
    private Long serverWrittenBytes;
    private Long ioReadBytes;
    private Long ioWrittenBytes;
    private Long ioBackendWrittenBytes;
    private Long ioExtendedBytes;
    private Long ioFsyncs;
    private Long walFpi;
    private Long walBuffersFull;
    private Long indexBytes;
    private Long standbyLagBytes;
    private Double standbyLagSeconds;
    private Double syncWaitSeconds;
    private Long throttledReadBytes;
    private Long throttledWrittenBytes;
    private Long throttledReads;
    private Long throttledWrites;
    private Long instructions;

    private Builder(double seconds) {
      this.seconds = seconds;
    }

    public Builder rows(Long rows) {
      this.rows = rows;
      return this;
    }

    public Builder walBytes(Long walBytes) {
      this.walBytes = walBytes;
      return this;
    }

    public Builder table(Long tableBytes, Long pages, Long frozenPages) {
      this.tableBytes = tableBytes;
      this.pages = pages;
      this.frozenPages = frozenPages;
      return this;
    }

    public Builder objectBytes(Long objectBytes) {
      this.objectBytes = objectBytes;
      return this;
    }

    public Builder indexBytes(Long indexBytes) {
      this.indexBytes = indexBytes;
      return this;
    }

    public Builder clientCpuSeconds(Double clientCpuSeconds) {
      this.clientCpuSeconds = clientCpuSeconds;
      return this;
    }

    /** The server's CPU seconds in user mode and in the kernel, as the operating system counts. */
    public Builder serverCpu(Double user, Double system) {
      this.serverCpuUserSeconds = user;
      this.serverCpuSystemSeconds = system;
      return this;
    }

    /** Bytes the server's processes read from and handed over to write to storage. */
    public Builder serverBytes(Long read, Long written) {
      this.serverReadBytes = read;
      this.serverWrittenBytes = written;
      return this;
    }

    /**
     * The step's pg_stat_io deltas: bytes read, written (of which by backends), extended; fsyncs.
     */
    public Builder statIo(
        Long read, Long written, Long backendWritten, Long extended, Long fsyncs) {
      this.ioReadBytes = read;
      this.ioWrittenBytes = written;
      this.ioBackendWrittenBytes = backendWritten;
      this.ioExtendedBytes = extended;
      this.ioFsyncs = fsyncs;
      return this;
    }

    /** The step's pg_stat_wal deltas: full-page images, writes forced by full WAL buffers. */
    public Builder walStats(Long fpi, Long buffersFull) {
      this.walFpi = fpi;
      this.walBuffersFull = buffersFull;
      return this;
    }

    /** The standby's replay lag when the step ended: bytes and, as the primary says, seconds. */
    public Builder standbyLag(Long bytes, Double seconds) {
      this.standbyLagBytes = bytes;
      this.standbyLagSeconds = seconds;
      return this;
    }

    /** The session-seconds the step's commits waited for a sync standby. */
    public Builder syncWaitSeconds(Double seconds) {
      this.syncWaitSeconds = seconds;
      return this;
    }

    /** What the disk's throttle let through during the step: bytes and operations each way. */
    public Builder throttled(Long readBytes, Long writtenBytes, Long reads, Long writes) {
      this.throttledReadBytes = readBytes;
      this.throttledWrittenBytes = writtenBytes;
      this.throttledReads = reads;
      this.throttledWrites = writes;
      return this;
    }

    /** The instructions the step's backends executed, counted under valgrind. */
    public Builder instructions(Long instructions) {
      this.instructions = instructions;
      return this;
    }

    public Measurements build() {
      return new Measurements(
          seconds,
          rows,
          walBytes,
          tableBytes,
          pages,
          frozenPages,
          objectBytes,
          clientCpuSeconds,
          serverCpuUserSeconds,
          serverCpuSystemSeconds,
          serverReadBytes,
          serverWrittenBytes,
          ioReadBytes,
          ioWrittenBytes,
          ioBackendWrittenBytes,
          ioExtendedBytes,
          ioFsyncs,
          walFpi,
          walBuffersFull,
          indexBytes,
          standbyLagBytes,
          standbyLagSeconds,
          syncWaitSeconds,
          throttledReadBytes,
          throttledWrittenBytes,
          throttledReads,
          throttledWrites,
          instructions);
    }
  }
}
