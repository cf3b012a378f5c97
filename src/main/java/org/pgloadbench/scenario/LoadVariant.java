package org.pgloadbench.scenario;

import java.util.Map;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.MiddleFormat;
import org.pgloadbench.server.SettingsProfile;

/** How one cell loads a table: every axis resolved, defaults filled in. */
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
    int ginPendingListLimitKb) {

  /** Resolves every {@link Axis} from a cell's values; an axis not given takes its default. */
  public static LoadVariant of(Map<String, String> values) {
    return new LoadVariant(
        Axis.FORMAT.valueIn(values),
        Axis.FREEZE.valueIn(values),
        Axis.PK.valueIn(values),
        Axis.CONNECTIONS.valueIn(values),
        Axis.UNLOGGED.valueIn(values),
        Axis.INDEXES.valueIn(values),
        Axis.WAYS_INDEX.valueIn(values),
        Axis.MIDDLE_FORMAT.valueIn(values),
        Axis.SETTINGS.valueIn(values),
        Axis.LOADER.valueIn(values),
        Axis.BATCH_SIZE.valueIn(values),
        Axis.COMMIT_EVERY.valueIn(values),
        Axis.FASTUPDATE.valueIn(values),
        Axis.GIN_PENDING_LIST_LIMIT.valueIn(values));
  }
}
