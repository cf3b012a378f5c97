package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;

/** The claims table, rebuilt from a stored run whose run.json holds the scenario's claims. */
class ClaimsReportTest {
  @TempDir Path root;

  @Test
  void theClaimsTableShowsTheSeedTheMeasuredRatioAndAVerdictPerVersion() throws Exception {
    Path runDir = RunFixture.standard(root);
    ObjectMapper json = new ObjectMapper();
    ObjectNode run = (ObjectNode) json.readTree(runDir.resolve(ResultStore.RUN).toFile());
    Claim vacuum =
        new Claim(
            "VACUUM after FREEZE far shorter than after COPY",
            "osm2pgsql issue #2110",
            "0.5 s vs 7 min",
            0.5 / 420,
            null,
            "seconds",
            Relation.LESS,
            0.1,
            new Side(RunFixture.BINARY, null, List.of("ways"), List.of(StepKind.VACUUM)),
            new Side(RunFixture.TEXT, null, List.of("ways"), List.of(StepKind.VACUUM)),
            null,
            null,
            null,
            null);
    Claim copy =
        new Claim(
            "binary | FREEZE COPY of ways faster than text",
            "osm2pgsql issue #2110",
            "32 min vs 57 min",
            32 / 57.0,
            null,
            "seconds",
            Relation.LESS,
            1,
            new Side(RunFixture.BINARY, null, List.of("ways"), List.of(StepKind.COPY)),
            new Side(RunFixture.TEXT, null, List.of("ways"), List.of(StepKind.COPY)),
            null,
            null,
            null,
            null);
    ((ObjectNode) run.path("scenario")).set("claims", json.valueToTree(List.of(vacuum, copy)));
    Files.writeString(runDir.resolve(ResultStore.RUN), json.writeValueAsString(run));

    String report = ReportText.markdown(runDir);

    // in the answer, before the versions compared
    String section =
        report.substring(report.indexOf("### Claims"), report.indexOf("## Versions compared"));
    assertThat(section)
        .startsWith(
            "### Claims: 0 held, 0 not held, 3 inconclusive, 1 no verdict; size 3 larger here");
    // each claim once, with its source, figures and test; then one narrow table of its checks
    assertThat(section)
        .contains(
            "1. **VACUUM after FREEZE far shorter than after COPY** (osm2pgsql issue #2110):"
                + " published 0.5 s vs 7 min (0.00119, ±10%); `< 0.1 ×`\n"
                + "2. **binary \\| FREEZE COPY of ways faster than text** (osm2pgsql issue #2110):"
                + " published 32 min vs 57 min (0.56, ±10%); `< 1 ×`\n");
    assertThat(section.split("VACUUM after FREEZE far shorter", -1)).hasSize(2);
    List<List<String>> rows =
        section
            .lines()
            .filter(l -> l.startsWith("| ") && !l.startsWith("| ---"))
            .map(l -> List.of(l.substring(2, l.length() - 2).split(" \\| ", -1)))
            .toList();
    assertThat(rows.get(0))
        .containsExactly("claim", "PostgreSQL", "measured ratio", "p", "Holm p", "verdict", "size");
    assertThat(rows.subList(1, rows.size()))
        .containsExactly(
            List.of(
                "1",
                "16.9",
                "0.0100 (0.0100–0.0100)",
                "–",
                "–",
                "no verdict (repetitions 3 vs 2; a verdict needs 3)",
                "–"),
            List.of(
                "1",
                "16.10",
                "0.0100 (0.0100–0.0100)",
                "0.050",
                "0.150",
                "inconclusive",
                "larger here"),
            List.of(
                "2", "16.9", "2.50 (0.67–4.00)", "0.800", "1.000", "inconclusive", "larger here"),
            List.of(
                "2", "16.10", "1.00 (1.00–1.00)", "0.700", "1.000", "inconclusive", "larger here"));
    assertThat(section).contains("**held** when a one-sided Mann-Whitney test");

    String comment = CommentReport.render(new ReportedRun(StoredRun.load(runDir), null));
    assertThat(comment)
        .contains("#### Claims")
        .contains("1. **VACUUM after FREEZE far shorter than after COPY** (osm2pgsql issue #2110)")
        .contains("| 1 | 16.10 | 0.0100 (0.0100–0.0100) | 0.050 | 0.150 | inconclusive |");
  }

  @Test
  void aRunWithoutClaimsHasNoClaimsSection() throws Exception {
    Path runDir = RunFixture.standard(root);
    assertThat(ReportText.markdown(runDir)).doesNotContain("# Claims");
    assertThat(ReportText.comment(runDir)).doesNotContain("# Claims");
  }
}
