package org.pgloadbench.overhead;

import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.Step;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.recipe.TableLoad;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.variant.LoadVariant;

/**
 * The harness's own load: the very {@code copy} step a scenario runs, generating, encoding and
 * streaming the rows over the match's connections.
 */
final class HarnessCopy implements Contender {
  static final String NAME = "harness";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public long load(Match match) throws Exception {
    LoadVariant variant =
        Axis.variant(
            Map.of(
                "format",
                match.format().sqlName(),
                "connections",
                Integer.toString(match.parts())));
    Step copy = Recipe.of(List.of(StepKind.COPY), variant, match.table()).get(0);
    return copy.run(new TableLoad(match.table(), match.rows(), variant, match.connections()));
  }
}
