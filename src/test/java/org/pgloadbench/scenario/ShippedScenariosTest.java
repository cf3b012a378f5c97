package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenarios in the repository load, and those stating claims repeat enough for a verdict. */
class ShippedScenariosTest {
  private static final Path DIR = Path.of("scenarios");

  @Test
  void everyShippedScenarioLoadsAndRepeatsEnoughForItsClaims() throws Exception {
    List<String> names = ScenarioLoader.available(DIR);
    assertThat(names).contains("ways-binary-freeze", "middle-pk-freeze", "bulk-settings");
    for (String name : names) {
      Scenario s = ScenarioLoader.load(DIR.resolve(name + ".yaml"));
      if (!s.claims().isEmpty()) {
        assertThat(s.repeat()).as(name).isGreaterThanOrEqualTo(3);
      }
    }
    assertThat(ScenarioLoader.load(DIR.resolve("middle-pk-freeze.yaml")).claims())
        .extracting(Claim::seed)
        .contains("263 min vs 322 min", "204 min vs 322 min", "237 min vs 322 min");
  }
}
