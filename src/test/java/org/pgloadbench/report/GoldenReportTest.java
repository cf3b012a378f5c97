package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writers against golden files, from the deterministic fixture run. After a deliberate change,
 * {@code mvn test -Dtest=GoldenReportTest -Dgolden.update=true} rewrites them; review the diff.
 */
class GoldenReportTest {
  static final Path GOLDEN = Path.of("src/test/resources/org/pgloadbench/report");

  @TempDir static Path root;
  static Path reportDir;

  @BeforeAll
  static void writeReport() throws IOException {
    reportDir = root.resolve("reports");
    MarkdownReport.write(RunFixture.standard(root), reportDir, null);
  }

  @Test
  void reportMarkdown() throws IOException {
    assertGolden(MarkdownReport.REPORT, "report.golden.md");
  }

  @Test
  void commentMarkdown() throws IOException {
    assertGolden(CommentReport.FILE, "comment.golden.md");
  }

  @Test
  void htmlIsSelfContainedWithEveryChartInline() throws IOException {
    String html = Files.readString(reportDir.resolve(HtmlReport.FILE));
    assertThat(html)
        .startsWith("<!DOCTYPE html>")
        .contains("<h2>Versions compared</h2>")
        .doesNotContain("<img")
        .doesNotContain("src=\"http")
        .doesNotContain("href=\"http")
        .doesNotContain("<?xml");
    // the version comparison chart and the steps chart
    assertThat(html.split("<svg", -1)).hasSize(3);
    assertThat(reportDir.resolve("versions.svg")).isRegularFile();
    assertThat(reportDir.resolve("steps.svg")).isRegularFile();
    assertThat(reportDir.resolve("versions.png")).isRegularFile();
  }

  private void assertGolden(String written, String golden) throws IOException {
    String actual = Files.readString(reportDir.resolve(written), StandardCharsets.UTF_8);
    Path file = GOLDEN.resolve(golden);
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(file, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }
}
