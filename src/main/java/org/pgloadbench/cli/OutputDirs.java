package org.pgloadbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where results and reports go. */
final class OutputDirs {
  @Option(
      names = "--results",
      paramLabel = "DIR",
      description = "where results go (default: ${DEFAULT-VALUE})")
  Path results = Path.of("results");

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      description = "where reports go (default: ${DEFAULT-VALUE})")
  Path reports = Path.of("reports");
}
