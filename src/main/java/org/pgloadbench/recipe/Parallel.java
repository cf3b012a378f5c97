package org.pgloadbench.recipe;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Runs one part per slice at the same time and adds up the rows each part reports: a load over
 * several connections, each loading its slice. The first part's failure is the load's; the others
 * end with it.
 */
public final class Parallel {
  private Parallel() {}

  public static long sum(int parts, IntFunction<Callable<Long>> part) throws Exception {
    if (parts == 1) {
      return part.apply(0).call();
    }
    ExecutorService pool = Executors.newFixedThreadPool(parts);
    try {
      List<Future<Long>> futures = new ArrayList<>();
      for (int i = 0; i < parts; i++) {
        futures.add(pool.submit(part.apply(i)));
      }
      long rows = 0;
      for (Future<Long> future : futures) {
        rows += future.get();
      }
      return rows;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof Exception failed ? failed : new SQLException(cause.getMessage(), cause);
    } finally {
      pool.shutdownNow();
    }
  }
}
