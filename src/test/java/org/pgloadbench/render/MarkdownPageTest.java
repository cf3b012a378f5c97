package org.pgloadbench.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one way a report's blocks are joined: what every report's bytes rest on. */
class MarkdownPageTest {
  @Test
  void blocksAreSeparatedByOneBlankLineAndThePageEndsInOneLineBreak() {
    String page =
        MarkdownPage.report()
            .heading(1, "Title")
            .block("A paragraph.\n\n")
            .table(Table.of(1, "a", "b").row("x", "1"))
            .bullets(List.of("one", "two"))
            .image("a chart", "chart.png")
            .toString();

    assertThat(page)
        .isEqualTo(
            "# Title\n\nA paragraph.\n\n| a | b |\n| --- | ---: |\n| x | 1 |\n\n- one\n- two\n\n"
                + "![a chart](chart.png)\n");
  }

  @Test
  void anEmptyBlockOrListAddsNothing() {
    assertThat(MarkdownPage.report().block("").bullets(List.of()).toString()).isEmpty();
    assertThat(MarkdownPage.report().block("a").block("\n").block("b").toString())
        .isEqualTo("a\n\nb\n");
  }

  @Test
  void aNestedPageHeadsItsSectionsDeeper() {
    assertThat(MarkdownPage.nested(2).heading(1, "t").heading(2, "s").toString())
        .isEqualTo("### t\n\n#### s\n");
  }

  @Test
  void aPageAddedToAnotherKeepsTheBlankLineBetweenThem() {
    MarkdownPage first = MarkdownPage.report().block("a");
    MarkdownPage second = first.blank().block("b");

    assertThat(first.length()).isEqualTo("a\n\n".length());
    assertThat(first.add(second).toString()).isEqualTo("a\n\nb\n");
  }

  @Test
  void aSectionThatDoesNotApplyIsLeftOut() {
    Section<String> echo = (input, page) -> page.block(input);
    Section<String> never = Section.when(input -> false, echo);
    Section<String> notEmpty = Section.when(input -> !input.isBlank(), echo);

    assertThat(MarkdownPage.report().sections(List.of(echo, never, notEmpty), "x").toString())
        .isEqualTo("x\n\nx\n");
    assertThat(MarkdownPage.report().sections(List.of(never, notEmpty), " ").toString()).isEmpty();
  }
}
