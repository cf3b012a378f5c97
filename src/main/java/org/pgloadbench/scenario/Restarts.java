package org.pgloadbench.scenario;

/**
 * How often a run starts its servers afresh ({@code restart:}): a server start is a level of the
 * design, like a round. One postmaster start fixes for the whole of its life what moves a load's
 * time by a few percent (its memory layout, its data directory's place on the disk, the cores its
 * backends land on); started once, a server's start offset is confounded with its build. Started
 * afresh every few rounds, each build's rounds span several starts, and a comparison of two servers
 * takes a start as its unit ({@code results/Starts}).
 *
 * @param auto {@code restart: auto} (the default): when the run compares servers, as many rounds
 *     per start as the scenario's newest stored run found fastest ({@code
 *     Plan.restartingAsStored}), else every {@link #AUTO_EVERY}; never when it has one server or
 *     counts instructions, nor on a URL target
 * @param every rounds per start; 0 for one start for the whole run ({@code restart: never})
 */
public record Restarts(boolean auto, int every) {
  /**
   * The fewest rounds per start of {@code restart: auto}: two give a start's own spread, and a
   * mean.
   */
  public static final int AUTO_EVERY = 2;

  public static final Restarts AUTO = new Restarts(true, 0);
  public static final Restarts NEVER = new Restarts(false, 0);

  /**
   * The rounds per start of a run with {@code servers} server starts on {@code target}, 0 for one
   * start: a server the harness attaches to (a URL) is not its to start afresh, a run with one
   * server has nothing a start could bias, and a count of instructions none a start moves.
   */
  public int every(int servers, ServersSpec target, Measure measure) {
    if (ServersSpec.URL.equals(target.target())) {
      return 0;
    }
    if (!auto) {
      return every;
    }
    return servers > 1 && measure == Measure.TIME ? AUTO_EVERY : 0;
  }

  /** As written in a scenario. */
  @Override
  public String toString() {
    return auto ? "auto" : every == 0 ? "never" : Integer.toString(every);
  }
}
