package org.pgloadbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.recipe.StepKind;

/** A half-written last line, as a crash in the middle of a write leaves it. */
class TornFilesTest {
  @TempDir Path dir;

  private static StepResult step(int repetition) {
    return StepResult.ok(
        "r",
        "s",
        new StepKey("17.6", "text", repetition, "t", StepKind.named("copy"), null),
        Map.of("format", "text"),
        Measurements.timed(0.5).rows(10L).walBytes(100L).table(8192L, 1L, 0L).build());
  }

  private Path storeWithTwoStepsAndATornLine() throws IOException {
    Path run = dir.resolve("run");
    try (ResultStore store = ResultStore.create(run, List.of("format"))) {
      store.append(step(1));
      store.append(step(2));
    }
    Files.writeString(
        run.resolve(ResultStore.STEPS), "{\"run_id\":\"r\",\"sc", StandardOpenOption.APPEND);
    Files.writeString(run.resolve(ResultStore.TIMINGS), "r,s,17.", StandardOpenOption.APPEND);
    return run;
  }

  @Test
  void readingLeavesOutTheTornLastLineWithAWarning() throws Exception {
    Path run = storeWithTwoStepsAndATornLine();
    List<String> warnings = new ArrayList<>();
    assertThat(ResultStore.readSteps(run, warnings::add))
        .extracting(StepResult::repetition)
        .containsExactly(1, 2);
    assertThat(warnings).singleElement().asString().contains("ignoring a half-written last line");
  }

  @Test
  void reopeningCutsTheTornLinesSoNewLinesStartClean() throws Exception {
    Path run = storeWithTwoStepsAndATornLine();
    List<String> warnings = new ArrayList<>();
    try (ResultStore store = ResultStore.reopen(run, List.of("format"), warnings::add)) {
      store.append(step(3));
    }
    assertThat(warnings).hasSize(2);
    assertThat(ResultStore.readSteps(run, w -> {}))
        .extracting(StepResult::repetition)
        .containsExactly(1, 2, 3);
    List<String> csv = Files.readAllLines(run.resolve(ResultStore.TIMINGS));
    assertThat(csv).hasSize(4);
    assertThat(csv.get(0)).startsWith("run_id,");
    assertThat(csv.get(3)).startsWith("r,s,17.6,text,text,3,");
  }

  @Test
  void aBadLineInTheMiddleIsAnErrorNamingTheLine() throws Exception {
    Path run = dir.resolve("run");
    try (ResultStore store = ResultStore.create(run, List.of("format"))) {
      store.append(step(1));
    }
    Files.writeString(run.resolve(ResultStore.STEPS), "garbage\n", StandardOpenOption.APPEND);
    IOException e =
        catchThrowableOfType(IOException.class, () -> ResultStore.readSteps(run, w -> {}));
    assertThat(e.getMessage()).contains(ResultStore.STEPS + ":2: not a stored step");
    // reopening reads the steps to write timings.csv again: the same line, before anything is added
    IOException reopened =
        catchThrowableOfType(
            IOException.class, () -> ResultStore.reopen(run, List.of("format"), w -> {}));
    assertThat(reopened.getMessage()).contains(ResultStore.STEPS + ":2: not a stored step");
    assertThat(Files.readAllLines(run.resolve(ResultStore.STEPS))).hasSize(2);
  }
}
