package org.pgloadbench.variant;

import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.server.DiskLimit;
import org.pgloadbench.server.SettingsProfile;
import org.pgloadbench.server.StandbyMode;

/**
 * How one cell loads a table: every axis of the matrix resolved, defaults filled in (the scenario's
 * {@code Axis.variant} builds it from a cell's values).
 *
 * @param memoryBytes the memory cap of the server the cell runs on; 0 for none
 * @param standby the standby of the server the cell runs on
 * @param disk how fast the server the cell runs on may use its disk
 */
public record LoadVariant(
    CopyFormat format,
    boolean freeze,
    boolean primaryKeyLater,
    int connections,
    boolean unlogged,
    boolean indexesNow,
    WaysIndex waysIndex,
    MiddleFormat middleFormat,
    SettingsProfile settings,
    LoaderKind loader,
    int batchSize,
    long commitEvery,
    boolean fastupdate,
    int ginPendingListLimitKb,
    long memoryBytes,
    StandbyMode standby,
    DiskLimit disk) {

  /** A cell on a server without a memory cap, a standby or a disk limit. */
  public LoadVariant(
      CopyFormat format,
      boolean freeze,
      boolean primaryKeyLater,
      int connections,
      boolean unlogged,
      boolean indexesNow,
      WaysIndex waysIndex,
      MiddleFormat middleFormat,
      SettingsProfile settings,
      LoaderKind loader,
      int batchSize,
      long commitEvery,
      boolean fastupdate,
      int ginPendingListLimitKb) {
    this(
        format,
        freeze,
        primaryKeyLater,
        connections,
        unlogged,
        indexesNow,
        waysIndex,
        middleFormat,
        settings,
        loader,
        batchSize,
        commitEvery,
        fastupdate,
        ginPendingListLimitKb,
        0,
        StandbyMode.NONE,
        DiskLimit.NONE);
  }

  /** This cell on a server capped at {@code bytes} (0: none). */
  public LoadVariant withMemory(long bytes) {
    return new LoadVariant(
        format,
        freeze,
        primaryKeyLater,
        connections,
        unlogged,
        indexesNow,
        waysIndex,
        middleFormat,
        settings,
        loader,
        batchSize,
        commitEvery,
        fastupdate,
        ginPendingListLimitKb,
        bytes,
        standby,
        disk);
  }

  /** This cell on a server whose disk is held to {@code limit}. */
  public LoadVariant withDisk(DiskLimit limit) {
    return new LoadVariant(
        format,
        freeze,
        primaryKeyLater,
        connections,
        unlogged,
        indexesNow,
        waysIndex,
        middleFormat,
        settings,
        loader,
        batchSize,
        commitEvery,
        fastupdate,
        ginPendingListLimitKb,
        memoryBytes,
        standby,
        limit);
  }
}
