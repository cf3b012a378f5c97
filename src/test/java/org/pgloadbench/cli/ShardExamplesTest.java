package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two scheduler files of docs/sharding.md parse, and run every shard of one group. */
class ShardExamplesTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void theKubernetesIndexedJobRunsItsCompletionIndexAsTheShard() throws Exception {
    List<JsonNode> docs = new ArrayList<>();
    Path file = Path.of("docs/examples/k8s-indexed-job.yaml");
    try (var parser = YAML.getFactory().createParser(file.toFile())) {
      YAML.readValues(parser, JsonNode.class).forEachRemaining(docs::add);
    }
    JsonNode job =
        docs.stream().filter(d -> d.path("kind").asText().equals("Job")).findFirst().orElseThrow();
    JsonNode spec = job.path("spec");
    int n = spec.path("completions").asInt();
    assertThat(n).isGreaterThan(1).isEqualTo(spec.path("parallelism").asInt());
    assertThat(spec.path("completionMode").asText()).isEqualTo("Indexed");
    JsonNode container = spec.path("template").path("spec").path("containers").get(0);
    assertThat(container.path("args").get(0).asText())
        .startsWith("exec make bench SCENARIO=")
        .contains("SHARD=$((JOB_COMPLETION_INDEX + 1))/" + n, "GROUP=\"$GROUP\"");
    assertThat(env(container, "GROUP").path("fieldRef").path("fieldPath").asText())
        .isEqualTo("metadata.labels['batch.kubernetes.io/controller-uid']");
    assertThat(env(container, "RESULTS").path("secretKeyRef").path("name").asText())
        .isEqualTo("pgloadbench-results");
    assertThat(docs.stream().map(d -> d.path("kind").asText()))
        .contains("PersistentVolumeClaim");
  }

  @Test
  void theGithubWorkflowRunsAMatrixOfShardsThenJoinsTheirGroup() throws Exception {
    JsonNode workflow = YAML.readTree(Path.of("docs/examples/github-actions-shards.yml").toFile());
    // the job of the shards is the one with a matrix
    String benchJob = null;
    for (var job : (Iterable<Map.Entry<String, JsonNode>>) workflow.path("jobs")::fields) {
      if (job.getValue().path("strategy").has("matrix")) {
        benchJob = job.getKey();
      }
    }
    JsonNode bench = workflow.path("jobs").path(benchJob);
    JsonNode shards = bench.path("strategy").path("matrix").path("shard");
    int n = shards.size();
    assertThat(n).isGreaterThan(1);
    for (int i = 0; i < n; i++) {
      assertThat(shards.get(i).asInt()).isEqualTo(i + 1);
    }
    assertThat(runs(bench))
        .anySatisfy(
            run ->
                assertThat(run)
                    .startsWith("make bench SCENARIO=")
                    .contains(
                        "SHARD=${{ matrix.shard }}/" + n,
                        "RESULTS=${{ secrets.PGLOADBENCH_RESULTS }}",
                        "GROUP=${{ github.run_id }}"));
    JsonNode report = workflow.path("jobs").path("report");
    assertThat(report.path("needs").asText()).isEqualTo(benchJob);
    assertThat(runs(report)).contains("make report GROUP=${{ github.run_id }} RUNS=shards");
  }

  private static JsonNode env(JsonNode container, String name) {
    for (JsonNode variable : container.path("env")) {
      if (variable.path("name").asText().equals(name)) {
        return variable.path("valueFrom");
      }
    }
    throw new AssertionError("no env " + name);
  }

  private static List<String> runs(JsonNode job) {
    List<String> runs = new ArrayList<>();
    job.path("steps").forEach(step -> runs.add(step.path("run").asText()));
    return runs;
  }
}
