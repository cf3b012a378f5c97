package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of scenarios a stranger might share (src/test/resources/org/pgloadbench/hostile): each
 * {@code refused-*.yaml} says on its first line what the loader must answer, {@code # refused:
 * <message>}, or {@code # refused even trusted: <message>} for what the trust flag does not unlock
 * either. The report's part of the corpus ({@code inert-*.yaml}) is rendered by the report tests.
 */
class RefusedScenariosTest {
  static final Path CORPUS = Path.of("src/test/resources/org/pgloadbench/hostile");

  static List<Path> refused() throws IOException {
    try (Stream<Path> files = Files.list(CORPUS)) {
      return files.filter(f -> f.getFileName().toString().startsWith("refused-")).sorted().toList();
    }
  }

  @ParameterizedTest
  @MethodSource("refused")
  void isRefusedInOneLineBeforeAnythingRuns(Path file) throws IOException {
    String header = Files.readAllLines(file).get(0);
    boolean evenTrusted = header.startsWith("# refused even trusted: ");
    String expected = header.substring(header.indexOf(": ") + 2);
    for (boolean trusted : evenTrusted ? List.of(false, true) : List.of(false)) {
      String message =
          catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file, trusted))
              .getMessage();
      assertThat(message)
          .as("trusted: " + trusted)
          .contains(file + ":")
          .contains(expected)
          .doesNotContain("\n")
          .doesNotContain("secret");
    }
  }

  @Test
  void theCorpusCoversTargetsSettingsAndPaths() throws IOException {
    assertThat(refused())
        .extracting(f -> f.getFileName().toString())
        .anyMatch(f -> f.startsWith("refused-local"))
        .anyMatch(f -> f.startsWith("refused-url"))
        .anyMatch(f -> f.startsWith("refused-image"))
        .anyMatch(f -> f.startsWith("refused-setting-"))
        .anyMatch(f -> f.startsWith("refused-wired-"))
        .anyMatch(f -> f.contains("path"));
  }
}
