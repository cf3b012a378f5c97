package org.pgloadbench.run;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of the loads within a round: every item once, the order rotated by one from round to
 * round, so that no item always goes first (after a checkpoint, say) or always follows the same
 * one. Rounds numbered below 1 are warm-up rounds, run and dropped.
 */
public final class Rounds {
  private Rounds() {}

  /** {@code items} in round {@code round}'s order: item {@code round mod n} first. */
  public static <T> List<T> order(List<T> items, int round) {
    int n = items.size();
    List<T> rotated = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rotated.add(items.get(Math.floorMod(i + round, n)));
    }
    return rotated;
  }

  /** Whether a round is measured, or a warm-up one. */
  public static boolean measured(int round) {
    return round >= 1;
  }
}
