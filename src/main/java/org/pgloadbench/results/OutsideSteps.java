package org.pgloadbench.results;

/**
 * The time a run spent on one server outside its measured steps (run.json's {@code
 * outside_steps}), each part timed by the runner; what {@code plan} estimates a next run's time
 * with.
 *
 * @param startSeconds starting the server (initdb, start, first connection), over all its starts
 * @param starts its starts ({@code restart:} starts it afresh every few rounds); 0 in a run of an
 *     older harness, which started it once
 * @param warmups unmeasured warm-up loads run
 * @param warmupSeconds their time
 * @param loads measured loads run
 * @param loadSetupSeconds the time of those loads outside their steps, over all of them: a fresh
 *     database and a checkpoint, the connections, the server's statistics read around each step
 */
@RunJson
public record OutsideSteps(
    double startSeconds,
    int starts,
    int warmups,
    double warmupSeconds,
    int loads,
    double loadSetupSeconds) {
  public static final OutsideSteps NONE = new OutsideSteps(0, 0, 0, 0, 0, 0);

  public OutsideSteps started(double seconds) {
    return new OutsideSteps(
        startSeconds + seconds, starts + 1, warmups, warmupSeconds, loads, loadSetupSeconds);
  }

  public OutsideSteps warmedUp(double seconds) {
    return new OutsideSteps(
        startSeconds, starts, warmups + 1, warmupSeconds + seconds, loads, loadSetupSeconds);
  }

  public OutsideSteps loaded(double setupSeconds) {
    return new OutsideSteps(
        startSeconds, starts, warmups, warmupSeconds, loads + 1, loadSetupSeconds + setupSeconds);
  }

  /**
   * What one start of the server cost outside the measured loads: its start and the warm-ups after
   * it; NaN without a start recorded.
   */
  public double secondsPerStart() {
    return starts == 0 ? Double.NaN : (startSeconds + warmupSeconds) / starts;
  }
}
