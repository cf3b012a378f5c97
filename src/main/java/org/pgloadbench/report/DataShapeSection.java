package org.pgloadbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.results.RunManifest;

/**
 * The shape of a real OpenStreetMap file's data beside the synthetic generator's for the same
 * object counts, from {@code run.json}'s {@code dataset_shape}: so the generator's distributions
 * can be checked against reality. Empty for a run without a file.
 */
final class DataShapeSection implements Section<ReportedRun> {
  private record Measure(String label, String key, boolean count, boolean percent) {}

  private static final List<Measure> MEASURES =
      List.of(
          new Measure("nodes", "nodes", true, false),
          new Measure("ways", "ways", true, false),
          new Measure("relations", "rels", true, false),
          new Measure("tagged nodes", "tagged_node_share", false, true),
          new Measure("tags per node", "tags_per_node", false, false),
          new Measure("tags per way", "tags_per_way", false, false),
          new Measure("tags per relation", "tags_per_relation", false, false),
          new Measure("mean way length (node refs)", "mean_way_length", false, false),
          new Measure("members per relation", "members_per_relation", false, false));

  /** Nothing for a run without a file's shape beside the generator's. */
  @Override
  public void render(ReportedRun reported, MarkdownPage page) {
    RunManifest run = reported.results().manifest();
    // the shape's own layout (DataShape.toJson): per side, figures by name
    JsonNode shape = new ObjectMapper().valueToTree(run.datasetShape());
    JsonNode file = shape.path("file");
    JsonNode synthetic = shape.path("synthetic");
    if (!file.isObject() || !synthetic.isObject()) {
      return;
    }
    String name =
        run.scenario().datasetFile().isEmpty() ? "the file" : run.scenario().datasetFile();
    Table table = Table.of(1, "", Markdown.text(name), "synthetic generator, same counts");
    for (Measure m : MEASURES) {
      table.row(m.label(), value(file.path(m.key()), m), value(synthetic.path(m.key()), m));
    }
    page.heading(2, "Data shape").table(table);
    long sampled = synthetic.path("sampled_objects").asLong();
    long total =
        synthetic.path("nodes").asLong()
            + synthetic.path("ways").asLong()
            + synthetic.path("rels").asLong();
    page.block(
        (sampled > 0 && sampled < total
                ? "Synthetic averages over the first "
                    + Formats.count(sampled)
                    + " generated objects. "
                : "")
            + "OpenStreetMap data © OpenStreetMap contributors, available under the Open"
            + " Database License 1.0.");
  }

  private static String value(JsonNode node, Measure m) {
    if (!node.isNumber()) {
      return "–";
    }
    if (m.count()) {
      return Formats.count(node.asLong());
    }
    return m.percent()
        ? String.format(Locale.ROOT, "%.1f%%", 100 * node.asDouble())
        : String.format(Locale.ROOT, "%.2f", node.asDouble());
  }
}
