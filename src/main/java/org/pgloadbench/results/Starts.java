package org.pgloadbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which server start each round of a run fell in: the rounds before which every server was started
 * afresh (run.json's {@code start_rounds}). A run that started its servers once has one start, and
 * its comparisons pair rounds; one that started them afresh has several, and a comparison of two
 * servers takes each start as one unit, since the start's own offset (memory layout, data directory
 * placement) holds for all its rounds and would otherwise pass for the build's.
 *
 * @param firstRounds the first round of each start after the first, ascending
 */
public record Starts(List<Integer> firstRounds) {
  /** One start for the whole run. */
  public static final Starts ONE = new Starts(List.of());

  public Starts {
    firstRounds = firstRounds == null ? List.of() : List.copyOf(firstRounds);
  }

  /** Whether the servers were started afresh during the run. */
  public boolean several() {
    return !firstRounds.isEmpty();
  }

  /** The start (from 0) round {@code round} fell in. */
  public int of(int round) {
    return (int) firstRounds.stream().filter(first -> round >= first).count();
  }

  /** The mean of each start's {@code values} (by round), in start order: a start's one unit. */
  public List<Double> means(Map<Integer, Double> values) {
    return group(values).stream()
        .map(g -> g.stream().mapToDouble(Double::doubleValue).average().orElse(0))
        .toList();
  }

  /** {@code values} by round, grouped by start: each start's values in round order. */
  public List<List<Double>> group(Map<Integer, Double> values) {
    Map<Integer, List<Double>> byStart = new TreeMap<>();
    values.forEach((round, v) -> byStart.computeIfAbsent(of(round), s -> new ArrayList<>()).add(v));
    return List.copyOf(byStart.values());
  }
}
