package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.run.Plan;
import org.pgloadbench.scenario.ScenarioException;
import org.pgloadbench.scenario.ScenarioLoader;
import org.pgloadbench.server.PostgresServer;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;

/** A mistake only a target can see is reported at the scenario's field, like the loader's own. */
class PlanTest {
  @TempDir Path dir;

  @Test
  void aTargetNamesTheFieldItsMistakeIsIn() throws Exception {
    Path file = Files.writeString(dir.resolve("x.yaml"), MainTest.SMALL);
    var scenario = ScenarioLoader.load(file);
    assertThatThrownBy(
            () ->
                PlanText.describe(
                    scenario,
                    Plan.of(scenario, null),
                    refusing(new ServerException("gone", "image"))))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(file + ":3: servers.image: gone");
    assertThatThrownBy(
            () ->
                PlanText.describe(
                    scenario, Plan.of(scenario, null), refusing(new ServerException("too old"))))
        .isInstanceOf(ScenarioException.class)
        .hasMessage(file + ":3: servers.versions[0]: too old");
  }

  /** A target that refuses every version with {@code e}; it never starts anything. */
  private static ServerTarget refusing(ServerException e) {
    return new ServerTarget() {
      @Override
      public PostgresServer start(String version, Map<String, String> settings) {
        throw new AssertionError("nothing starts while planning");
      }

      @Override
      public String resolve(String requested) throws ServerException {
        throw e;
      }
    };
  }
}
