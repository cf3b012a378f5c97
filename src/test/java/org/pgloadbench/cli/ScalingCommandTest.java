package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code scaling}'s own options: the scales a scenario lists, and rows to predict at. */
class ScalingCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return Main.run(new PrintWriter(out), new PrintWriter(err), args);
  }

  @Test
  void printsAScenariosScalesElseTheDefault() {
    assertThat(run("scaling", "--scales-of", "middle-pk-freeze")).isZero();
    assertThat(run("scaling", "--scales-of", "ways-binary-freeze")).isZero();
    assertThat(out.toString().lines()).containsExactly("0.25 1 4", "1 3 10");
  }

  @Test
  void badRowsToPredictAreOneLine() {
    assertThat(run("scaling", "results/x/1", "-o", "out", "--predict", "nodes=lots")).isEqualTo(2);
    assertThat(err.toString())
        .contains(
            "--predict (PREDICT=) nodes=lots: give rows per table, e.g."
                + " nodes=7646463672,ways=854479032,rels=9855838");
  }
}
