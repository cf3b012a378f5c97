package org.pgloadbench.variant;

import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.server.SettingsProfile;

/**
 * How one cell loads a table: every axis of the matrix resolved, defaults filled in (the scenario's
 * {@code Axis.variant} builds it from a cell's values).
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
    int ginPendingListLimitKb) {}
