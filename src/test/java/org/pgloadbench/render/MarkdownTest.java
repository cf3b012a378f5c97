package org.pgloadbench.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.Text;
import org.junit.jupiter.api.Test;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.report.Inert;

/**
 * The one escaper: a run's string put into a paragraph, heading, list item, table cell or code span
 * reads back as itself, and makes no other Markdown; ordinary text comes out unchanged.
 */
class MarkdownTest {
  /** Strings a scenario, a results directory or a server could hold. */
  static final List<String> HOSTILE =
      List.of(
          "<img src=x onerror=\"document.title='X'\">",
          "<script>alert(1)</script>",
          "[x](javascript:alert(1))",
          "![x](javascript:alert(1))",
          "<javascript:alert(1)>",
          "[x]: javascript:alert(1)",
          "a | b | c",
          "line\nbreak\r\nand\u2028more",
          "`code` and ``more``",
          "```",
          "# heading",
          "> quote",
          "- item",
          "+ item",
          "* item",
          "1. item",
          "2) item",
          "---",
          "===",
          "___",
          "~~~",
          "    indented",
          "<details><summary>x</summary>",
          "</sub>injected<sub>",
          "&lt;script&gt; &#60;b&#62; &amp",
          "trailing backslash \\",
          "\\[not a link\\](x)",
          "<!-- comment -->",
          "a < b > c & d",
          "tab\tand\u0000nul");

  @Test
  void ordinaryTextIsUnchanged() {
    for (String text :
        List.of(
            "Ways and relations: COPY vs COPY FREEZE.",
            "text+no-freeze+pk-first",
            "16.10",
            "planet_osm_ways",
            "results/ways-freeze/20261129-213000",
            "A < 0.5 × B, and C > D & E",
            "osm2pgsql issue #2110",
            "40 min vs 57 min",
            "17.6 (Debian 17.6-1.pgdg120+1)")) {
      assertThat(Markdown.text(text)).as(text).isEqualTo(text);
    }
    assertThat(Markdown.code("ERROR: duplicate key \"x\" (id)=(42)"))
        .isEqualTo("`ERROR: duplicate key \"x\" (id)=(42)`");
    assertThat(Markdown.mermaid("16.10 text+no-freeze+pk-first"))
        .isEqualTo("16.10 text+no-freeze+pk-first");
  }

  @Test
  void textEscapesWhatWouldBeMarkup() {
    assertThat(Markdown.text("<img src=x onerror=y>")).isEqualTo("&lt;img src=x onerror=y>");
    assertThat(Markdown.text("[x](javascript:alert(1))")).isEqualTo("\\[x\\](javascript:alert(1))");
    assertThat(Markdown.text("a | b")).isEqualTo("a \\| b");
    assertThat(Markdown.text("a\nb\r\nc")).isEqualTo("a b  c");
    assertThat(Markdown.text("`x`")).isEqualTo("\\`x\\`");
    assertThat(Markdown.text("&lt;")).isEqualTo("&amp;lt;");
    assertThat(Markdown.text("# x")).isEqualTo("\\# x");
    assertThat(Markdown.text("1. x")).isEqualTo("1\\. x");
    assertThat(Markdown.text("  - x")).isEqualTo("\\- x");
    assertThat(Markdown.text("a\\")).isEqualTo("a\\\\");
  }

  /** Where the writers put text, and what a reader then sees around it. */
  private record Place(String markdown, String shown) {}

  private static final List<Place> PLACES =
      List.of(
          new Place("%s\n", "%s"),
          new Place("**Setup:** rows: %s · more\n", "Setup: rows: %s · more"),
          new Place("**Setup:** first line  \n%s  \n", "Setup: first line%s"),
          new Place("## PostgreSQL %s\n", "PostgreSQL %s"),
          new Place("- %s\n", "%s"),
          new Place("| a | b |\n| --- | --- |\n| %s | x |\n", "ab%sx"));

  @Test
  void textReadsAsItselfInEveryPlaceAReportPutsIt() {
    for (String hostile : HOSTILE) {
      String expected = Markdown.oneLine(hostile).strip();
      for (Place place : PLACES) {
        String markdown = "Before.\n\n" + place.markdown().formatted(Markdown.text(hostile));
        markdown += "\nAfter.\n";
        Inert.assertMarkdown(markdown);
        assertThat(String.join("", leaves(Inert.parse(markdown))))
            .as("%s in %s", hostile, place.markdown())
            .isEqualTo("Before." + place.shown().formatted(expected) + "After.");
      }
    }
  }

  @Test
  void codeShowsItsContentOnOneLine() {
    for (String hostile : HOSTILE) {
      String markdown = "- error: " + Markdown.code(hostile) + " and `more`\n";
      List<String> codes = new ArrayList<>();
      Inert.parse(markdown)
          .accept(
              new AbstractVisitor() {
                @Override
                public void visit(Code code) {
                  codes.add(code.getLiteral());
                }
              });
      assertThat(codes).as(hostile).containsExactly(Markdown.oneLine(hostile), "more");
      Inert.assertMarkdown(markdown);
    }
    assertThat(Markdown.code("a `b` c")).isEqualTo("``a `b` c``");
    assertThat(Markdown.code("`b`")).isEqualTo("`` `b` ``");
  }

  @Test
  void mermaidLabelsLoseWhatEndsThemOrTheBlock() {
    assertThat(Markdown.mermaid("a\"b`c#d<e>f;g&h\\i[j]k{l}m\nn")).isEqualTo("abcdefghijklm n");
    for (String hostile : HOSTILE) {
      String label = Markdown.mermaid(hostile);
      assertThat(label).doesNotContainPattern("[\"`#<>;&\\\\\\[\\]{}\\n\\r]");
    }
  }

  /** The literal text of a document's leaves, paragraphs and headings apart. */
  private static List<String> leaves(Node document) {
    List<String> texts = new ArrayList<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Text text) {
            texts.add(text.getLiteral());
          }

          @Override
          public void visit(Paragraph paragraph) {
            visitChildren(paragraph);
          }

          @Override
          public void visit(Heading heading) {
            visitChildren(heading);
          }
        });
    return texts;
  }
}
