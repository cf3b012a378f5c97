package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;

/** Reports from runs cut short, and from servers that did not allow every figure. */
class TornRunReportTest {
  @TempDir Path dir;

  @Test
  void aHalfWrittenLastLineIsLeftOutOfTheReport() throws Exception {
    Path run = RunFixture.standard(dir);
    String whole = ReportText.markdown(run);
    Files.writeString(
        run.resolve(ResultStore.STEPS), "{\"run_id\":\"20261129", StandardOpenOption.APPEND);
    assertThat(ReportText.markdown(run)).isEqualTo(whole);
  }

  @Test
  void theReportSaysWhichFiguresAreMissingAndWhy() throws Exception {
    String runJson =
        RunFixture.RUN_JSON.replace(
            "{\"version\": \"16.10\", \"target\": \"embedded\", \"settings\": {}}",
            "{\"version\": \"16.10\", \"target\": \"url\", \"host\": \"db.example:5432/postgres\","
                + " \"settings\": {}, \"missing\": [\"frozen pages: pg_visibility could not be"
                + " installed (permission denied)\"]}");
    assertThat(runJson).isNotEqualTo(RunFixture.RUN_JSON);
    try (RunFixture fixture = RunFixture.create(dir, runJson)) {
      fixture.ok(
          "16.10", RunFixture.TEXT, 1, RunFixture.WAYS, "copy", 1.0, 1000L, 1L, 8192L, 1L, null);
    }
    String report = ReportText.markdown(RunFixture.runDir(dir));
    assertThat(report)
        .contains("Server: url, server db.example:5432/postgres")
        .contains(
            "Not measured on this server:\n\n- frozen pages: pg_visibility could not be installed"
                + " (permission denied)\n");
  }
}
