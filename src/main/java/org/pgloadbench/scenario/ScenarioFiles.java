package org.pgloadbench.scenario;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where a scenario named on the command line is: a YAML file, or a name under scenarios/. */
public final class ScenarioFiles {
  private static final String EXTENSION = ".yaml";

  private ScenarioFiles() {}

  /**
   * The scenario file meant by a command-line argument: an existing file as is, otherwise {@code
   * scenariosDir/<name>.yaml}.
   */
  public static Path resolve(String nameOrPath, Path scenariosDir) throws ScenarioException {
    try {
      Path given = Path.of(nameOrPath);
      if (!nameOrPath.isBlank() && Files.isRegularFile(given)) {
        return given;
      }
      Path named = scenariosDir.resolve(nameOrPath + EXTENSION);
      if (ScenarioKeys.NAME.matcher(nameOrPath).matches() && Files.isRegularFile(named)) {
        return named;
      }
    } catch (InvalidPathException e) {
      // neither a path nor a name: reported below
    }
    List<String> names = available(scenariosDir);
    String noFile = scenariosDir + File.separator + nameOrPath + EXTENSION;
    throw new ScenarioException(
        String.format(
            "no scenario '%s': no such file and no %s%s; %s",
            nameOrPath,
            noFile,
            YamlNode.didYouMean(nameOrPath, names),
            names.isEmpty()
                ? "there are no scenarios in " + scenariosDir
                : "available: " + String.join(", ", names)));
  }

  /** The names of the scenarios in {@code scenariosDir}, sorted; empty when it does not exist. */
  public static List<String> available(Path scenariosDir) {
    try (Stream<Path> files = Files.list(scenariosDir)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(EXTENSION))
          .map(f -> f.substring(0, f.length() - EXTENSION.length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }
}
