package org.pgloadbench.results;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.pgloadbench.recipe.StepKind;

/**
 * The one rule by which stored steps become a figure per repetition, for reports and claims alike.
 */
public final class Repetitions {
  private Repetitions() {}

  /**
   * A measure summed over the given steps within each repetition. A repetition counts only when
   * none of its steps failed, each carries the measure, and it has every part (table, step, object)
   * measured in any repetition: a repetition cut short by a failure is left out, never summed in
   * part. Summing within a repetition first is what makes a median of sums rather than a sum of
   * medians. A part stored twice in one repetition (a resumed run) counts once, the later one.
   */
  public static Map<Integer, Double> sums(
      List<StepResult> steps, Function<Measurements, ? extends Number> measure) {
    Set<Part> parts = new LinkedHashSet<>();
    Set<Integer> spoiled = new LinkedHashSet<>();
    Map<Integer, Map<Part, Double>> byRepetition = new TreeMap<>();
    for (StepResult s : steps) {
      Number value = s.ok() ? measure.apply(s.measured()) : null;
      if (value == null) {
        spoiled.add(s.repetition());
        continue;
      }
      Part part = new Part(s.table(), s.step(), s.object());
      parts.add(part);
      byRepetition
          .computeIfAbsent(s.repetition(), r -> new LinkedHashMap<>())
          .put(part, value.doubleValue());
    }
    Map<Integer, Double> sums = new TreeMap<>();
    byRepetition.forEach(
        (repetition, values) -> {
          if (!spoiled.contains(repetition) && values.keySet().equals(parts)) {
            sums.put(repetition, values.values().stream().mapToDouble(Double::doubleValue).sum());
          }
        });
    return sums;
  }

  private record Part(String table, StepKind step, String object) {}
}
