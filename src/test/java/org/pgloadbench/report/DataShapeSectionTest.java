package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.StoredRun;

/** A PBF run's report shows the file's shape beside the generator's, from run.json alone. */
class DataShapeSectionTest {
  @TempDir Path root;

  static final String RUN_JSON =
      """
      {"scenario": {"name": "real", "dataset": {"kind": "osm-pbf",
                    "file": "andorra-2023-07-12.osm.pbf", "tables": ["nodes"]}},
       "dataset_shape": {
         "file": {"nodes": 372749, "ways": 19227, "rels": 496, "sampled_objects": 392472,
                  "tagged_node_share": 0.0321, "tags_per_node": 0.0612, "tags_per_way": 2.2201,
                  "tags_per_relation": 9.127, "mean_way_length": 22.1406,
                  "members_per_relation": 67.4698},
         "synthetic": {"nodes": 372749, "ways": 19227, "rels": 496, "sampled_objects": 219723,
                  "tagged_node_share": 0.0493, "tags_per_node": 0.07, "tags_per_way": 1.45,
                  "tags_per_relation": 2.64, "mean_way_length": 9.67,
                  "members_per_relation": 8.47}}}
      """;

  @Test
  void tableOfTheFileBesideTheGeneratorWithTheOdblCredit() throws Exception {
    try (RunFixture run = RunFixture.create(root, RUN_JSON)) {
      run.ok("17.6", "text", 1, "planet_osm_nodes", "copy", 1.5, 372749L, 8192L, 1L, 0L, 0L);
    }
    String markdown =
        Files.readString(
            MarkdownReport.write(RunFixture.runDir(root), root.resolve("report"), null));

    assertThat(markdown).contains("data: andorra-2023-07-12.osm.pbf");
    assertThat(markdown)
        .contains(
            "|  | andorra-2023-07-12.osm.pbf | synthetic generator, same counts |",
            "| nodes | 372,749 | 372,749 |",
            "| tagged nodes | 3.2% | 4.9% |",
            "| mean way length (node refs) | 22.14 | 9.67 |",
            "| members per relation | 67.47 | 8.47 |",
            "Synthetic averages over the first 219,723 generated objects.",
            "© OpenStreetMap contributors");
  }

  @Test
  void noSectionWithoutAShape() {
    MarkdownPage page = MarkdownPage.report();
    new DataShapeSection()
        .render(new ReportedRun(StoredRun.of(root, RunManifest.NONE, List.of()), null), page);
    assertThat(page.toString()).isEmpty();
  }
}
