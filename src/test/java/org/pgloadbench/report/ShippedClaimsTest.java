package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.results.ResultStore;
import org.pgloadbench.results.StoredRun;
import org.pgloadbench.scenario.Claim;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioFiles;
import org.pgloadbench.scenario.ScenarioLoader;

/**
 * Every claim of every shipped scenario against its published figures, as a reader of the report
 * sees them: a claim with figures names its source, the ratio printed as "published" is the one the
 * two figures give (worked out here apart from the scenario reader, units and all), and the figures
 * say what the claim says (a {@code less} claim's published ratio lies below its factor). A claim
 * without figures says so in the report.
 */
class ShippedClaimsTest {
  static final Path SCENARIOS = Path.of("scenarios");
  private static final Pattern FIGURE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?) ?([a-zA-Z]*)");

  /** Each unit in seconds or bytes, written out apart from ClaimsReader's table. */
  private static final Map<String, Double> UNITS =
      Map.of(
          "", 1.0,
          "ms", 1e-3,
          "s", 1.0,
          "min", 60.0,
          "h", 3600.0,
          "B", 1.0,
          "kB", 1024.0,
          "MB", 1048576.0,
          "GB", 1073741824.0);

  @TempDir Path root;

  @Test
  void everyPublishedRatioIsTheOneItsFiguresGiveAndSaysWhatTheClaimSays() throws Exception {
    int seeded = 0;
    for (String name : ScenarioFiles.available(SCENARIOS)) {
      Scenario s = ScenarioLoader.load(ScenarioFiles.resolve(name, SCENARIOS));
      for (Claim claim : s.claims()) {
        String what = name + ": " + claim.claim();
        assertThat(claim.source()).as(what).isNotBlank();
        if (claim.seed() == null) {
          assertThat(claim.seedRatio()).as(what).isNull();
          continue;
        }
        seeded++;
        String[] figures = claim.seed().split(" vs ");
        assertThat(figures).as(what).hasSize(2);
        double ratio = inBaseUnit(figures[0], what) / inBaseUnit(figures[1], what);
        assertThat(claim.seedRatio()).as(what).isCloseTo(ratio, within(1e-9 * ratio));
        if (claim.relation() == Relation.LESS) {
          assertThat(ratio).as(what + ": the figures claim less").isLessThan(claim.factor());
        } else {
          assertThat(ratio).as(what + ": the figures claim more").isGreaterThan(claim.factor());
        }
      }
      assertThat(publishedColumn(s)).as(name).containsExactlyElementsOf(expectedColumn(s));
    }
    assertThat(seeded).isGreaterThan(20);
  }

  /** A figure such as {@code 7 min} in seconds (bytes for a size); a bare number as it is. */
  private static double inBaseUnit(String figure, String what) {
    Matcher m = FIGURE.matcher(figure.strip());
    assertThat(m.matches()).as(what + ": '" + figure + "' is a figure").isTrue();
    assertThat(UNITS).as(what + ": the unit of '" + figure + "'").containsKey(m.group(2));
    return Double.parseDouble(m.group(1)) * UNITS.get(m.group(2));
  }

  /**
   * The published column of the scenario's claims table as report.md prints it, on a stored run of
   * two versions that holds the scenario's claims (its cells are not measured there: only the
   * published column matters here).
   */
  private List<String> publishedColumn(Scenario s) throws Exception {
    Path runDir = RunFixture.standard(root.resolve(s.name()));
    ObjectMapper json = new ObjectMapper();
    ObjectNode run = (ObjectNode) json.readTree(runDir.resolve(ResultStore.RUN).toFile());
    ((ObjectNode) run.path("scenario")).set("claims", json.valueToTree(s.claims()));
    Files.writeString(runDir.resolve(ResultStore.RUN), json.writeValueAsString(run));
    String report = MarkdownReport.render(StoredRun.load(runDir));
    String section = report.substring(report.indexOf("## Claims"));
    section = section.substring(0, section.indexOf("\n\n", section.indexOf("| ---")));
    // the published column's place: after the settings column where claims are checked per profile
    int published =
        List.of(section.lines().filter(l -> l.startsWith("| claim |")).findFirst().orElseThrow()
                .split(" \\| ", -1))
            .indexOf("published");
    return section
        .lines()
        .filter(l -> l.startsWith("| ") && !l.startsWith("| ---") && !l.startsWith("| claim |"))
        .map(l -> l.split(" \\| ", -1)[published])
        .toList();
  }

  /** What that column must hold: per row, the figures and the ratio worked out here. */
  private static List<String> expectedColumn(Scenario s) {
    List<String> column = new ArrayList<>();
    for (Claim claim : s.claims()) {
      String cell = ClaimsSection.NO_FIGURE;
      if (claim.seed() != null) {
        String[] figures = claim.seed().split(" vs ");
        double ratio = inBaseUnit(figures[0], "") / inBaseUnit(figures[1], "");
        cell = claim.seed() + " (" + ClaimsSection.ratio(ratio) + ")";
      }
      // a claim naming its versions is one row; else one per version of the stored run (two)
      int rows = claim.subject().version() != null ? 1 : 2;
      for (int i = 0; i < rows; i++) {
        column.add(cell);
      }
    }
    return column;
  }
}
