package org.pgloadbench.report;

import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.pgloadbench.render.Charts;
import org.pgloadbench.results.StoredRun;

/**
 * "Where the time goes" as a chart: one stacked bar per (server, cell), all its steps and tables,
 * segments the server's CPU time, the harness's and the rest. A bar above the wall time means CPUs
 * worked side by side (the client beside the server, parallel workers), as the notes say.
 */
final class ResourcesChart {
  private ResourcesChart() {}

  static CategoryChart chart(StoredRun results) {
    List<String> labels = new ArrayList<>();
    List<Double> server = new ArrayList<>();
    List<Double> client = new ArrayList<>();
    List<Double> rest = new ArrayList<>();
    for (RunCell c : RunCell.of(results)) {
      TimeSplit split = WhereTimeGoesSection.split(results, c.version(), c.cell(), c.steps());
      if (Double.isNaN(split.wall())) {
        continue;
      }
      labels.add(c.version() + " · " + c.cell());
      server.add(zeroIfNaN(split.serverCpu()));
      client.add(zeroIfNaN(split.clientCpu()));
      rest.add(split.rest());
    }
    CategoryChart chart =
        Charts.bars(
            "Where the time goes: " + results.scenarioName(),
            "seconds (medians, all steps and tables)",
            labels,
            650);
    if (labels.isEmpty()) {
      labels.add(" ");
      server.add(0.0);
      client.add(0.0);
      rest.add(0.0);
    }
    chart.addSeries("server CPU", labels, server);
    chart.addSeries("client CPU", labels, client);
    chart.addSeries("the rest (disk, locks, fsync)", labels, rest);
    return chart;
  }

  private static double zeroIfNaN(double value) {
    return Double.isNaN(value) ? 0 : value;
  }
}
