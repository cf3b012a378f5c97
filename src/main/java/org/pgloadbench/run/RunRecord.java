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

  /**
   * A server as it ran: {@code requested} is the scenario's version (or build label) it was started
   * for, {@code details} what the target says about it (full version string, bin dir, image, ...).
   */
  void addServer(
      String requested,
      String version,
      String profile,
      String target,
      Map<String, String> details,
      Map<String, String> settings) {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("requested", requested);
    server.put("version", version);
    server.put("profile", profile);
    server.put("target", target);
    server.putAll(details);
    server.put("settings", settings);
    servers.add(server);
  }

  /**
   * Notes on the last server added what could not be measured there and why; false when noted
   * already.
   */
  @SuppressWarnings("unchecked")
  boolean missing(String what) {
    if (servers.isEmpty()) {
      return false;
    }
    List<String> missing =
        (List<String>)
            servers.get(servers.size() - 1).computeIfAbsent("missing", k -> new ArrayList<>());
    if (missing.contains(what)) {
      return false;
    }
    missing.add(what);
    return true;
  }

  /**
   * Notes on the last server added a step its role may not run, so that a resumed run knows its
   * repetitions hold no such step.
   */
  @SuppressWarnings("unchecked")
  void notAllowed(String step) {
    if (!servers.isEmpty()) {
      List<String> steps =
          (List<String>)
              servers
                  .get(servers.size() - 1)
                  .computeIfAbsent("steps_not_allowed", k -> new ArrayList<>());
      if (!steps.contains(step)) {
        steps.add(step);
      }
    }
  }

  /** Goes on from a stored run: its servers and start time are kept, the resumption noted. */
  @SuppressWarnings("unchecked")
  void resumeFrom(Map<String, Object> stored, Instant resumed) {
    Object started =
        ((Map<String, Object>) stored.getOrDefault("environment", Map.of())).get("started");
    if (started != null) {
      environment.put("started", started);
    }
    List<Object> resumptions = new ArrayList<>();
    Object before =
        ((Map<String, Object>) stored.getOrDefault("environment", Map.of())).get("resumed");
    if (before instanceof List<?> list) {
      resumptions.addAll(list);
    }
    resumptions.add(seconds(resumed));
    environment.put("resumed", resumptions);
    for (Object server : (List<Object>) stored.getOrDefault("servers", List.of())) {
      servers.add((Map<String, Object>) server);
    }
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
    return scenarioJson(scenario);
  }

  /** The resolved scenario as run.json stores it; a resumed run must have the same. */
  static Map<String, Object> scenarioJson(Scenario scenario) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("name", scenario.name());
    s.put("description", scenario.description());
    s.put("source", scenario.source().toString());
    s.put("dataset", scenario.dataset().json());
    Map<String, Object> servers = new LinkedHashMap<>();
    servers.put("target", scenario.servers().target());
    servers.put("versions", scenario.servers().versions());
    if (scenario.servers().image() != null) {
      servers.put("image", scenario.servers().image());
    }
    if (!scenario.servers().builds().isEmpty()) {
      servers.put("builds", scenario.servers().builds());
    }
    if (scenario.servers().url() != null) {
      servers.put("url", scenario.servers().url());
    }
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
