package org.pgloadbench.group;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.pgloadbench.analysis.Comparison;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.render.MarkdownPage;
import org.pgloadbench.render.Section;
import org.pgloadbench.render.Table;
import org.pgloadbench.render.Verdicts;
import org.pgloadbench.report.MarkdownReport;
import org.pgloadbench.report.VersionComparison;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.RunManifest.Machine;
import org.pgloadbench.results.Sample;
import org.pgloadbench.results.StoredRun;

/**
 * The report of a group, {@code reports/group/<id>/report.md}: which machine ran which shard and
 * servers, each shard's own report beside it ({@code shard-<i>/report.md}, its servers compared in
 * pairs round by round with its own control), and across shards only the unpaired comparison that
 * is all two machines at two times allow.
 */
public final class GroupReport {

  private GroupReport() {}

  /** Writes the group's report and each shard's under {@code reports/group/<id>}; returns it. */
  public static Path write(Group group, Path reports) throws IOException {
    Path dir = reports.resolve("group").resolve(group.id());
    for (Group.Member shard : group.shards()) {
      MarkdownReport.write(shard.dir(), dir.resolve(shardDir(shard)), shard.run().controlBase());
    }
    Path file = dir.resolve(MarkdownReport.REPORT);
    Files.writeString(file, render(group), StandardCharsets.UTF_8);
    return file;
  }

  private static final List<Section<Group>> SECTIONS =
      List.of(
          GroupReport::head,
          (group, page) -> page.heading(2, "Shards and machines").table(shards(group)),
          GroupReport::acrossMachines);

  static String render(Group group) {
    return MarkdownPage.report().sections(SECTIONS, group).toString();
  }

  private static void head(Group group, MarkdownPage page) {
    page.heading(1, "Group " + Markdown.text(group.id()) + ": " + Markdown.text(group.scenario()));
    long machines = group.shards().stream().map(s -> machine(s.run())).distinct().count();
    page.block(
        group.shards().size()
            + " shards of one plan of "
            + Markdown.text(group.scenario())
            + ", run on "
            + machines
            + " machine(s) as their run.json records them. Each shard's report compares its own"
            + " servers, loads of one round paired, with a control of its own (a second instance"
            + " of one of its servers) for what that machine's drift alone does.");
  }

  private static void acrossMachines(Group group, MarkdownPage page) {
    page.heading(2, "Across machines: unpaired");
    page.block(
        "Servers of different shards ran on different machines (or at different times), so no"
            + " load of one pairs with a load of the other: each cell's total seconds per round"
            + " are compared **unpaired**, by the Mann-Whitney U test, Holm-corrected over the"
            + " table. A difference here is the servers' and the machines' together; only a"
            + " shard's own report tells its servers apart from its machine.");
    Table across = across(group);
    page.block(across.isEmpty() ? "No cell ran on servers of two shards." : across.toString());
  }

  /** Each shard: its machine, its servers, its run and its own report. */
  private static Table shards(Group group) {
    Table table = Table.of(5, "shard", "machine", "servers", "run", "its report", "A/A ratio");
    for (Group.Member shard : group.shards()) {
      StoredRun run = shard.run();
      table.row(
          shard.index() + "/" + shard.count(),
          Markdown.text(machine(run)),
          Markdown.text(String.join(", ", run.versions())),
          Markdown.text(run.source())
              + ", "
              + Markdown.text(Objects.toString(run.manifest().environment().started(), "")),
          "[shard " + shard.index() + "](" + shardDir(shard) + "/" + MarkdownReport.REPORT + ")",
          control(run));
    }
    return table;
  }

  /** A server of one shard and its totals of one cell. */
  private record Side(Group.Member shard, String server, Sample total) {
    String named() {
      return Markdown.text(server) + " (shard " + shard.index() + ")";
    }
  }

  private record Pair(String cell, Side base, Side other) {}

  /**
   * Per cell, the first shard's server that ran it against every server of the other shards that
   * did: their totals per round, unpaired. Controls are left out: each one's twin stands for it.
   */
  private static Table across(Group group) {
    List<String> cells =
        group.shards().stream().flatMap(s -> s.run().cells().stream()).distinct().toList();
    List<Pair> pairs = new ArrayList<>();
    for (String cell : cells) {
      List<Side> sides = new ArrayList<>();
      for (Group.Member shard : group.shards()) {
        for (String server : shard.run().versions()) {
          Sample total = shard.run().total(server, cell);
          if (!server.endsWith(RunManifest.CONTROL_SUFFIX) && !total.isEmpty()) {
            sides.add(new Side(shard, server, total));
          }
        }
      }
      sides.stream()
          .filter(other -> other.shard() != sides.get(0).shard())
          .forEach(other -> pairs.add(new Pair(cell, sides.get(0), other)));
    }
    List<Comparison> compared =
        Comparison.holm(
            pairs.stream()
                .map(p -> Comparison.of(p.base().total().array(), p.other().total().array()))
                .toList());
    Table table =
        Table.aligned(
            "lllrrrl", "cell", "base", "other", "base s", "other s", "other ÷ base", "verdict");
    for (int i = 0; i < pairs.size(); i++) {
      Pair pair = pairs.get(i);
      Comparison c = compared.get(i);
      table.row(
          Markdown.text(pair.cell()),
          pair.base().named(),
          pair.other().named(),
          Formats.stats(c.base()),
          Formats.stats(c.other()),
          Verdicts.ratio(c),
          Verdicts.stated(c));
    }
    return table;
  }

  /**
   * A shard's control against its twin, as the shard's own report states it (over the cells the
   * control ran, its server starts as the unit): what its machine's drift alone made of two
   * identical servers; a dash without a control.
   */
  private static String control(StoredRun run) {
    String base = run.controlBase();
    VersionComparison.Control control =
        base == null ? null : VersionComparison.of(run, base).control();
    if (control == null) {
      return "–";
    }
    return Verdicts.ratio(control.comparison()) + " " + Verdicts.stated(control.comparison());
  }

  /** The machine as run.json records it: CPU model, CPUs, memory, operating system. */
  private static String machine(StoredRun run) {
    Machine m = run.manifest().environment();
    return Objects.toString(m.cpuModel(), "unknown CPU")
        + ", "
        + (m.cpus() == null ? "?" : m.cpus())
        + " CPUs, "
        + (m.memoryBytes() == null ? "?" : Formats.gibibytes(m.memoryBytes()))
        + " GiB, "
        + Objects.toString(m.os(), "unknown OS");
  }

  private static String shardDir(Group.Member shard) {
    return "shard-" + shard.index();
  }
}
