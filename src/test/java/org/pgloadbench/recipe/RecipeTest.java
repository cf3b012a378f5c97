package org.pgloadbench.recipe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.pgloadbench.dataset.MiddleTable;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.variant.MiddleFormat;

class RecipeTest {
  static final TableDef NODES = MiddleTable.NODES.tableDef(MiddleFormat.NEW);
  static final TableDef WAYS = MiddleTable.WAYS.tableDef(MiddleFormat.NEW);
  static final TableDef RELS = MiddleTable.RELS.tableDef(MiddleFormat.NEW);

  @Test
  void everyStepAScenarioMayNameHasAnImplementation() {
    Map<String, String> everything = Map.of("pk", "later", "unlogged", "true");
    for (StepKind kind : StepKind.values()) {
      if (!kind.listable()) {
        continue;
      }
      assertThat(Recipe.of(List.of(kind), Axis.variant(everything), WAYS))
          .as(kind.yamlName())
          .isNotEmpty()
          .allMatch(step -> step.kind() == kind);
    }
  }

  @Test
  void thePrimaryKeyStepRunsOnlyWhenTheKeyComesAfterTheLoad() {
    List<String> steps = List.of("create", "copy", "primary_key", "vacuum");
    assertThat(names(steps, Map.of(), NODES)).containsExactly("create", "copy", "vacuum");
    assertThat(names(steps, Map.of("pk", "later"), NODES)).containsExactlyElementsOf(steps);
  }

  @Test
  void setLoggedRunsOnlyInUnloggedCellsAndCheckpointEverywhere() {
    List<String> steps = List.of("create", "copy", "set_logged", "checkpoint");
    assertThat(names(steps, Map.of(), WAYS)).containsExactly("create", "copy", "checkpoint");
    assertThat(names(steps, Map.of("unlogged", "true"), WAYS)).containsExactlyElementsOf(steps);
  }

  @Test
  void theIndexesStepIsOneStepPerIndexOfTheTableEachNamingIt() {
    List<String> steps = List.of("create", "copy", "indexes", "analyze");
    assertThat(Recipe.of(kinds(steps), Axis.variant(Map.of()), WAYS))
        .extracting(step -> step.kind().yamlName(), Step::object)
        .containsExactly(
            tuple("create", null),
            tuple("copy", null),
            tuple("indexes", "planet_osm_ways_nodes_bucket_idx"),
            tuple("analyze", null));
    assertThat(objects(steps, Map.of("ways_index", "full"), WAYS))
        .containsExactly("planet_osm_ways_nodes_idx");
    assertThat(objects(steps, Map.of("ways_index", "full"), RELS))
        .containsExactly("planet_osm_rels_node_members_idx", "planet_osm_rels_way_members_idx");
    assertThat(objects(steps, Map.of(), NODES)).isEmpty();
    // created with the table: nothing left to build after the load
    assertThat(names(steps, Map.of("indexes", "now"), RELS))
        .containsExactly("create", "copy", "analyze");
  }

  private static List<String> names(List<String> steps, Map<String, String> axes, TableDef t) {
    return Recipe.of(kinds(steps), Axis.variant(axes), t).stream()
        .map(step -> step.kind().yamlName())
        .toList();
  }

  private static List<String> objects(List<String> steps, Map<String, String> axes, TableDef t) {
    return Recipe.of(kinds(steps), Axis.variant(axes), t).stream()
        .map(Step::object)
        .filter(Objects::nonNull)
        .toList();
  }

  static List<StepKind> kinds(List<String> names) {
    return names.stream().map(StepKind::named).toList();
  }
}
