package org.pgloadbench.report;

import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Noise;
import org.pgloadbench.render.Verdicts;

/** How to read the report's figures: the statistics behind them, stated once. */
final class NotesSection {
  private NotesSection() {}

  static void render(String tooSmallToDecide, boolean paired, boolean trended, StringBuilder out) {
    out.append("## Notes\n\n");
    out.append("- Figures are seconds, the median over repetitions. A 95% confidence interval of")
        .append(" the median comes from a percentile bootstrap with a fixed seed, so a report")
        .append(" rebuilt from the same results shows the same intervals.\n");
    if (paired) {
      out.append("- ").append(Verdicts.pairedRule()).append('\n');
      out.append("- The smallest two-sided p-value the paired test can reach is 2 / 2^rounds: ")
          .append(Verdicts.pValue(Comparison.smallestPairedP(5)))
          .append(" with 5 rounds (never significant), ")
          .append(Verdicts.pValue(Comparison.smallestPairedP(6)))
          .append(" with 6, ")
          .append(Verdicts.pValue(Comparison.smallestPairedP(8)))
          .append(" with 8.");
    } else {
      out.append("- ").append(Verdicts.rule()).append('\n');
      out.append("- The smallest two-sided p-value the test can reach depends on the repetitions:")
          .append(" 0.1 with 3 against 3 (never significant), ")
          .append(Verdicts.pValue(Comparison.smallestTwoSidedP(4, 4)))
          .append(" with 4 against 4, ")
          .append(Verdicts.pValue(Comparison.smallestTwoSidedP(5, 5)))
          .append(" with 5 against 5.");
    }
    if (!tooSmallToDecide.isEmpty()) {
      out.append(" ").append(tooSmallToDecide);
    }
    out.append('\n');
    out.append("- ").append(Noise.causes()).append('\n');
    if (trended) {
      out.append("- ").append(Noise.trends()).append('\n');
    }
    out.append('\n');
  }
}
