package org.pgloadbench.run;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.scenario.Scenario;

/**
 * What {@code run.json} holds: the resolved scenario, the environment, and each server as it ran.
 */
final class RunRecord {
  private final String runId;
  private final Scenario scenario;
  private final Map<String, Object> environment;
  private final List<Map<String, Object>> servers = new ArrayList<>();
  private Map<String, Object> datasetShape = Map.of();

  RunRecord(String runId, Scenario scenario, Map<String, Object> host, Instant started) {
    this.runId = runId;
    this.scenario = scenario;
    this.environment = new LinkedHashMap<>(host);
    environment.put("started", seconds(started));
    environment.put("ended", seconds(started));
  }

  void addServer(String version, String profile, String target, Map<String, String> settings) {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("version", version);
    server.put("profile", profile);
    server.put("target", target);
    server.put("settings", settings);
    servers.add(server);
  }

  /** The data's shape, stored when not empty (a PBF file's, beside the generator's). */
  void datasetShape(Map<String, Object> shape) {
    this.datasetShape = shape;
  }

  void end(Instant ended) {
    environment.put("ended", seconds(ended));
  }

  private static String seconds(Instant instant) {
    return instant.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("run_id", runId);
    json.put("scenario", scenarioJson());
    json.put("environment", environment);
    json.put("servers", servers);
    if (!datasetShape.isEmpty()) {
      json.put("dataset_shape", datasetShape);
    }
    return json;
  }

  private Map<String, Object> scenarioJson() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("name", scenario.name());
    s.put("description", scenario.description());
    s.put("source", scenario.source().toString());
    Map<String, Object> dataset = new LinkedHashMap<>();
    dataset.put("kind", scenario.dataset().kind());
    dataset.put("tables", scenario.dataset().tables());
    dataset.put("rows", scenario.dataset().rows());
    if (scenario.dataset().file() == null) {
      dataset.put("seed", scenario.dataset().seed());
    } else {
      dataset.put("file", scenario.dataset().file().getFileName().toString());
    }
    dataset.putAll(scenario.dataset().options());
    s.put("dataset", dataset);
    Map<String, Object> servers = new LinkedHashMap<>();
    servers.put("target", scenario.servers().target());
    servers.put("versions", scenario.servers().versions());
    s.put("servers", servers);
    s.put("settings", scenario.settings());
    s.put("repeat", scenario.repeat());
    s.put("warmup", scenario.warmup());
    s.put("axes", scenario.axes());
    List<Map<String, Object>> cells = new ArrayList<>();
    for (Cell cell : scenario.cells()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("label", cell.label());
      json.put("axes", cell.axes());
      json.put("profile", cell.variant().settings().profileName());
      cells.add(json);
    }
    s.put("cells", cells);
    s.put("steps", scenario.steps());
    s.put("claims", scenario.claims());
    return s;
  }
}
