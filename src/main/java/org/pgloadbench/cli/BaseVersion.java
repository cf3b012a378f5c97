package org.pgloadbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.pgloadbench.report.VersionComparison;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.server.Versions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The version a report compares the others with ({@code BASE_PG=}). */
final class BaseVersion {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--base-pg",
      paramLabel = "15",
      description = "the version the others are compared with (default: the oldest)")
  String version;

  /** The requested base, checked against the versions given; null for the default. */
  String checked(List<String> versions) {
    if (version == null || version.isBlank()) {
      return null;
    }
    boolean known =
        VersionComparison.base(versions, version).isPresent()
            || versions.stream().anyMatch(v -> Versions.names(v, version.strip()));
    if (!versions.isEmpty() && !known) {
      throw new ParameterException(
          spec.commandLine(),
          "--base-pg (BASE_PG=) "
              + version
              + " is not a version of this run; it has "
              + String.join(", ", versions));
    }
    return version;
  }

  String checked(Path runDir) throws IOException {
    return checked(StoredRun.load(runDir).versions());
  }
}
