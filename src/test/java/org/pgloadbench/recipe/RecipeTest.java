package org.pgloadbench.recipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.LoadVariant;
import org.pgloadbench.scenario.LoaderKind;
import org.pgloadbench.scenario.Scenario;

class RecipeTest {
  @Test
  void everyStepAScenarioMayNameHasAnImplementation() {
    assertThat(Recipe.knownSteps()).containsExactlyElementsOf(Scenario.KNOWN_STEPS);
  }

  @Test
  void thePrimaryKeyStepRunsOnlyWhenTheKeyComesAfterTheLoad() {
    List<String> steps = List.of("create", "copy", "primary_key", "vacuum");
    LoadVariant now =
        new LoadVariant(CopyFormat.TEXT, false, false, 1, LoaderKind.COPY, 1000, 0, true, 0);
    LoadVariant later =
        new LoadVariant(CopyFormat.TEXT, false, true, 1, LoaderKind.COPY, 1000, 0, true, 0);
    assertThat(Recipe.of(steps, now))
        .extracting(Step::name)
        .containsExactly("create", "copy", "vacuum");
    assertThat(Recipe.of(steps, later)).extracting(Step::name).containsExactlyElementsOf(steps);
  }
}
