package org.pgloadbench.run;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's rounds: {@code warmup} ones, run and dropped, then {@code repeat} measured ones, each
 * loading every item once in an order rotated by one from round to round, so that no item always
 * goes first (after a checkpoint, say) or always follows the same one. {@link Plan} orders the
 * cells and servers of a bench round so; the overhead run its contenders, round by round.
 *
 * @param warmup rounds numbered below 1, whose loads are run and dropped
 * @param repeat measured rounds, numbered from 1
 */
public record Rounds(int warmup, int repeat) {
  /** One item's load in one round. */
  @FunctionalInterface
  public interface Load<T> {
    void run(T item, int round) throws SQLException, IOException;
  }

  /**
   * {@code items} in round {@code round}'s order: round 1 in the order given, each later one
   * rotated by one more.
   */
  public static <T> List<T> order(List<T> items, int round) {
    int n = items.size();
    List<T> rotated = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rotated.add(items.get(Math.floorMod(i + round - 1, n)));
    }
    return rotated;
  }

  /** Whether a round is measured, or a warm-up one. */
  public static boolean measured(int round) {
    return round >= 1;
  }

  /** Every round, the warm-up ones first, each loading {@code items} in its order. */
  public <T> void run(List<T> items, Load<T> load) throws SQLException, IOException {
    for (int round = 1 - warmup; round <= repeat; round++) {
      for (T item : order(items, round)) {
        load.run(item, round);
      }
    }
  }
}
