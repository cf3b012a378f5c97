package org.pgloadbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.pgloadbench.variant.LoadVariant;

/**
 * One point of the matrix.
 *
 * @param label per-axis labels joined by '+', e.g. {@code binary+freeze+pk-later}; {@code default}
 *     when the scenario has no matrix
 * @param axes the scenario's axes that apply to this cell (an INSERT loader's cell has no
 *     batch_size), in matrix order, each value as written ({@code "binary"}, {@code "true"}, {@code
 *     "later"}, {@code "2"})
 * @param variant every axis resolved, defaults included
 */
public record Cell(String label, Map<String, String> axes, LoadVariant variant) {
  public static final String DEFAULT_LABEL = "default";

  public Cell {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
  }

  /** The cell of these axis values, labelled in their order. */
  public static Cell of(Map<String, String> axes) {
    String label =
        axes.isEmpty()
            ? DEFAULT_LABEL
            : String.join(
                "+",
                axes.entrySet().stream()
                    .map(e -> Axis.named(e.getKey()).orElseThrow().label(e.getValue()))
                    .toList());
    return new Cell(label, axes, Axis.variant(axes));
  }

  /** What {@code why} says of the first of {@code cells} it says anything of; null for none. */
  static String firstUnfit(List<Cell> cells, Function<Cell, String> why) {
    return cells.stream().map(why).filter(Objects::nonNull).findFirst().orElse(null);
  }
}
