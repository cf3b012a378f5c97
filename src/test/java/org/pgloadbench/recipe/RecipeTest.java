package org.pgloadbench.recipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.scenario.LoadVariant;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.SettingsProfile;

class RecipeTest {
  @Test
  void everyStepAScenarioMayNameHasAnImplementation() {
    assertThat(Recipe.knownSteps()).containsExactlyElementsOf(Scenario.KNOWN_STEPS);
  }

  @Test
  void thePrimaryKeyStepRunsOnlyWhenTheKeyComesAfterTheLoad() {
    List<String> steps = List.of("create", "copy", "primary_key", "vacuum");
    LoadVariant now = new LoadVariant(CopyFormat.TEXT, false, false, 1, SettingsProfile.DEFAULTS);
    LoadVariant later = new LoadVariant(CopyFormat.TEXT, false, true, 1, SettingsProfile.DEFAULTS);
    assertThat(Recipe.of(steps, now))
        .extracting(Step::name)
        .containsExactly("create", "copy", "vacuum");
    assertThat(Recipe.of(steps, later)).extracting(Step::name).containsExactlyElementsOf(steps);
  }
}
