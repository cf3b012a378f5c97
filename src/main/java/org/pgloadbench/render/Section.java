package org.pgloadbench.render;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One part of a report: what it says of its input, as blocks of a {@link MarkdownPage}. A report is
 * a list of sections over one input, each rendered in turn onto one page, which alone decides the
 * headings' levels and the blank lines between blocks; a new section is one class (or method) and
 * its place in that list. A section that shows a chart draws it too ({@link #charts}): the report
 * writes the charts of the sections that apply beside its page ({@link Charts#write(java.util.List,
 * Object, java.nio.file.Path)}).
 *
 * @param <T> what the report is of: a stored run, two runs compared, a scale series, an overhead
 *     run
 */
@FunctionalInterface
public interface Section<T> {
  /** Whether the section has anything to say of this input: the page leaves it out when not. */
  default boolean applies(T input) {
    return true;
  }

  /**
   * Adds the section's blocks, headed at its own level (2 for a report's sections), to the page.
   */
  void render(T input, MarkdownPage page);

  /** The charts the section's images show, by file name without its extension; none by default. */
  default Map<String, Chart<?, ?>> charts(T input) {
    return Map.of();
  }

  /** A section shown only where {@code applies} holds. */
  static <T> Section<T> when(Predicate<? super T> applies, Section<T> section) {
    return of(applies, section, section::charts);
  }

  /** A section shown only where {@code applies} holds, with the charts {@code charts} draws. */
  static <T> Section<T> of(
      Predicate<? super T> applies,
      Section<T> section,
      Function<? super T, Map<String, Chart<?, ?>>> charts) {
    return new Section<>() {
      @Override
      public boolean applies(T input) {
        return applies.test(input) && section.applies(input);
      }

      @Override
      public void render(T input, MarkdownPage page) {
        section.render(input, page);
      }

      @Override
      public Map<String, Chart<?, ?>> charts(T input) {
        return charts.apply(input);
      }
    };
  }
}
