package org.pgloadbench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A run's {@code report.md} and {@code comment.md} as {@link MarkdownReport#write} writes them, its
 * versions compared with the oldest: for tests that read a report's text and not its files.
 */
public final class ReportText {
  private ReportText() {}

  public static String markdown(Path runDir) throws IOException {
    return read(runDir, MarkdownReport.REPORT);
  }

  public static String comment(Path runDir) throws IOException {
    return read(runDir, CommentReport.FILE);
  }

  private static String read(Path runDir, String file) throws IOException {
    Path dir = Files.createTempDirectory("pgloadbench-report");
    try {
      MarkdownReport.write(runDir, dir, null);
      return Files.readString(dir.resolve(file));
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }
}
