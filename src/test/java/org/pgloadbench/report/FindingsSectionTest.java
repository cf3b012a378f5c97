package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StoredRun;

/**
 * A scenario's own findings reach the report from run.json, under their own heading and apart from
 * the claims, escaped like every string a scenario gives; a run without any shows no section and
 * stores no key.
 */
class FindingsSectionTest {
  @TempDir Path root;

  @Test
  void findingsFollowTheAnswerEscapedAndInTheirOrder() throws Exception {
    Path runDir = RunFixture.standard(root);
    ObjectMapper json = new ObjectMapper();
    Path file = runDir.resolve(ResultStore.RUN);
    ObjectNode run = (ObjectNode) json.readTree(file.toFile());
    ((ObjectNode) run.path("scenario"))
        .set(
            "findings",
            json.valueToTree(
                List.of("15 built it 2.27 x slower than 14", "# a | b <img src=x> [link](y)")));
    Files.writeString(file, json.writeValueAsString(run));

    String report = ReportText.markdown(runDir);

    String section =
        "## Findings of earlier runs\n\nWhat this harness found before, as the scenario states"
            + " it; not checked as a claim. This run's own figures, where it ran what a finding"
            + " compares, are in the tables below.\n\n"
            + "- 15 built it 2.27 x slower than 14\n"
            + "- \\# a \\| b &lt;img src=x> \\[link\\](y)\n\n";
    assertThat(report).contains(section);
    assertThat(report.indexOf(section))
        .isGreaterThan(report.indexOf("## The answer"))
        .isLessThan(report.indexOf("\n## PostgreSQL 16.9\n"));
  }

  @Test
  void aRunWithoutFindingsHasNoSectionAndNoKey() throws Exception {
    Path runDir = RunFixture.standard(root);
    assertThat(ReportText.markdown(runDir)).doesNotContain("## Findings");
    StoredRun stored = StoredRun.load(runDir);
    assertThat(stored.manifest().scenario().findings()).isEmpty();
    assertThat(new ObjectMapper().writeValueAsString(stored.manifest().scenario()))
        .doesNotContain("findings");
  }
}
