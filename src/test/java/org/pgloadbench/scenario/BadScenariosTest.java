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
 * Every scenario the loader's tests refuse, kept as a file (bad/, named after the test that wrote
 * it), so that other judges of a scenario, the JSON Schema first, can be held to the same inputs.
 * The first line says what the loader answers: {@code # refused: <line>: <message>}, or {@code #
 * refused even trusted: ...} when the trust flag does not unlock it either; {@code {dir}} stands
 * for the corpus directory.
 */
class BadScenariosTest {
  static final Path CORPUS = Path.of("src/test/resources/org/pgloadbench/scenario/bad");

  static List<Path> files() throws IOException {
    try (Stream<Path> files = Files.list(CORPUS)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  /** What the loader answers {@code file}, as its first line says, and whether even trusted. */
  record Expected(String message, boolean evenTrusted) {
    static Expected of(Path file) throws IOException {
      String header = Files.readAllLines(file).get(0);
      boolean evenTrusted = header.startsWith("# refused even trusted: ");
      assertThat(header).as(file.toString()).matches("# refused( even trusted)?: [0-9]+:.*");
      String message = header.substring(header.indexOf(": ") + 2);
      return new Expected(
          file + ":" + message.replace("{dir}", CORPUS.toAbsolutePath().toString()), evenTrusted);
    }
  }

  @ParameterizedTest
  @MethodSource("files")
  void isRefusedAsItsFirstLineSays(Path file) throws IOException {
    Expected expected = Expected.of(file);
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)))
        .as(file.toString())
        .hasMessage(expected.message());
    ScenarioException trusted =
        catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file, true));
    if (expected.evenTrusted()) {
      assertThat(trusted).as(file.toString()).hasMessage(expected.message());
    } else {
      assertThat(trusted == null ? "" : trusted.getMessage()).isNotEqualTo(expected.message());
    }
  }

  @Test
  void theCorpusHoldsTheInputsOfEveryTestOfTheLoadersErrors() throws IOException {
    assertThat(files())
        .hasSizeGreaterThanOrEqualTo(150)
        .extracting(f -> f.getFileName().toString().replaceAll("-.*", ""))
        .contains(
            "ScenarioErrors",
            "SettingsSafety",
            "ServersTarget",
            "DatasetSections",
            "NamedCells",
            "ClaimsReader",
            "CollapsedAxes",
            "ScenarioLoader",
            "Main");
  }
}
