package org.pgloadbench.run;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.Standby;

/**
 * After a load: a server that went down is brought back (started again on its data directory, with
 * crash recovery; one the harness only connects to is waited for), and so is a standby that went
 * down (its step failed with that cause, see {@link StandbyWatch}), which then streams from where
 * it stood. What cannot be brought back is given up, its remaining loads skipped, and that stored.
 */
final class Recovery {
  private final Progress progress;
  private final ResultStore store;
  private final Load load;
  private final BooleanSupplier stopping;

  Recovery(Progress progress, ResultStore store, Load load, BooleanSupplier stopping) {
    this.progress = progress;
    this.store = store;
    this.load = load;
    this.stopping = stopping;
  }

  /**
   * Brings back what of {@code server} went down during its last load ({@code down}: the server
   * itself); returns the failures stored (1 for a server given up).
   */
  int afterLoad(Servers servers, Plan.Server server, boolean down) throws IOException {
    PostgresServer postgres = servers.get(server);
    if (postgres == null || stopping.getAsBoolean()) {
      return 0;
    }
    String label = servers.label(server);
    if (down) {
      progress.note("PostgreSQL " + label + ": the server went down; bringing it back");
      try {
        postgres.recover();
      } catch (ServerException e) {
        return giveUp(servers, server, label, Load.oneLine(e));
      }
    }
    Standby standby = postgres.standby().orElse(null);
    if (standby != null && !standby.alive()) {
      progress.note("PostgreSQL " + label + ": the standby went down; bringing it back");
      try {
        standby.recover();
      } catch (ServerException e) {
        return giveUp(servers, server, label, "the standby did not come back: " + Load.oneLine(e));
      }
    }
    return 0;
  }

  private int giveUp(Servers servers, Plan.Server server, String label, String why)
      throws IOException {
    servers.giveUp(server);
    if (stopping.getAsBoolean()) {
      return 0;
    }
    progress.note("PostgreSQL " + label + ": " + why);
    store.append(load.failed(label, null, 0, StepKind.SERVER, why));
    return 1;
  }
}
