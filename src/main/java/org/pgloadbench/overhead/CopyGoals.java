package org.pgloadbench.overhead;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.results.Sample;

/**
 * The streamed COPY's goals, each printed as met or not met with the cases it is judged on and
 * every case's load length beside its ratio: the harness at most {@link #STREAMED_GOAL}× its own
 * driver streaming the file and at most {@link #SERVER_GOAL}× the server reading it, on loads of
 * {@link #LONG_LOAD_SECONDS} s or more (a shorter load is mostly start-up and scheduling, and is
 * shown but not judged); the client alone at least {@link OverheadReport#CLIENT_GOAL}× the server
 * on every table and format.
 */
final class CopyGoals {
  static final double STREAMED_GOAL = 1.03;
  static final double SERVER_GOAL = 1.10;
  static final double LONG_LOAD_SECONDS = 1.0;

  /** One case's line under a goal, and whether it was judged and met. */
  private record Judged(String line, boolean judged, boolean met) {}

  private CopyGoals() {}

  static void render(Collection<CopyReport.Case> cases, MarkdownPage page) {
    page.heading(2, "Goals")
        .block(
            "Each goal is judged on the median of the per-round ratios; the load length beside a"
                + " ratio is the harness's median seconds (the server's for the client's goal)."
                + " Loads shorter than "
                + LONG_LOAD_SECONDS
                + " s are shown but not judged against the harness's goals.");
    StringBuilder md = new StringBuilder();
    md.append(
        againstYardstick(cases, Contenders.JDBC_FILE, STREAMED_GOAL, "same driver, same wire"));
    md.append(againstYardstick(cases, Contenders.SERVER_FILE, SERVER_GOAL, "the physical limit"));
    md.append(clientAgainstServer(cases));
    page.block(md.toString());
  }

  private static String againstYardstick(
      Collection<CopyReport.Case> cases, String yardstick, double goal, String why) {
    List<Judged> lines = new ArrayList<>();
    for (CopyReport.Case c : cases) {
      Sample harness = c.seconds(Contenders.HARNESS);
      Comparison vs = OverheadReport.paired(c.seconds(yardstick), harness);
      if (vs == null || Double.isNaN(vs.ratio())) {
        continue;
      }
      double load = harness.summary().median();
      boolean judged = load >= LONG_LOAD_SECONDS;
      boolean met = vs.ratio() <= goal;
      lines.add(
          new Judged(
              c.name()
                  + ", load "
                  + seconds(load)
                  + ": "
                  + OverheadReport.ratio(vs)
                  + ": "
                  + (judged ? OverheadReport.met(met, vs.ratio()) : "not judged (shorter load)"),
              judged,
              met));
    }
    String title =
        String.format(
            "harness / %s at most %s× (%s) on loads of %s s or more",
            Markdown.text(yardstick),
            goal,
            why,
            LONG_LOAD_SECONDS);
    return goal(title, lines);
  }

  /** The client's rows/s against the server's, per table and format (one connection). */
  private static String clientAgainstServer(Collection<CopyReport.Case> cases) {
    List<Judged> lines = new ArrayList<>();
    for (CopyReport.Case c : cases) {
      Sample client = c.secondsPerRow(EncodeOnly.NAME);
      Comparison ratio = OverheadReport.paired(client, c.secondsPerRow(Contenders.SERVER_FILE));
      Sample server = c.seconds(Contenders.SERVER_FILE);
      if (ratio == null || Double.isNaN(ratio.ratio())) {
        continue;
      }
      boolean met = ratio.ratio() >= OverheadReport.CLIENT_GOAL;
      lines.add(
          new Judged(
              c.name()
                  + ", server load "
                  + seconds(server.summary().median())
                  + ": client "
                  + String.format(Locale.ROOT, "%.1f", ratio.ratio())
                  + "× the server's rows/s: "
                  + OverheadReport.met(met, ratio.ratio()),
              true,
              met));
    }
    return goal(
        "client (generate and encode, one thread) at least "
            + OverheadReport.CLIENT_GOAL
            + "× the server's rows/s on every table and format",
        lines);
  }

  /** The goal's line, met when every judged case meets it and one at least was judged. */
  private static String goal(String title, List<Judged> lines) {
    long judged = lines.stream().filter(Judged::judged).count();
    long met = lines.stream().filter(l -> l.judged() && l.met()).count();
    StringBuilder md = new StringBuilder("- goal, ").append(title).append(": **");
    if (judged == 0) {
      md.append("not measured").append("** (no case judged)\n");
    } else {
      md.append(met == judged ? "met" : "not met")
          .append("** (")
          .append(met)
          .append(" of ")
          .append(judged)
          .append(" judged cases met)\n");
    }
    lines.forEach(l -> md.append("  - ").append(l.line()).append('\n'));
    return md.toString();
  }

  private static String seconds(double s) {
    return String.format(Locale.ROOT, "%.3f s", s);
  }
}
