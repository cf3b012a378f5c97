package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Checks that a report holds a run's strings as text only: in Markdown, no HTML but the report's
 * own few tags, no link or image of a run's making, every table row as wide as its header, the
 * Mermaid chart whole; in HTML, no script, event handler, javascript: URL or element the report
 * does not write itself.
 */
public final class Inert {
  /** The tags the report writers put into Markdown themselves, attribute-free. */
  static final Set<String> OWN_TAGS =
      Set.of("<sub>", "</sub>", "<details>", "</details>", "<summary>", "</summary>");

  /** The elements report.html has: the page, what the report's Markdown becomes, the figures. */
  private static final Set<String> HTML_ELEMENTS =
      Set.of(
          "#root", "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "p",
          "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "code", "pre", "strong",
          "em", "sub", "details", "summary", "hr", "br", "figure", "svg");

  /** What the charts' SVG is drawn with: text is drawn as paths, so no text element. */
  private static final Set<String> SVG_ELEMENTS =
      Set.of("svg", "defs", "clippath", "g", "path", "rect", "line", "polyline", "circle", "ellipse");

  private static final Pattern TAG = Pattern.compile("<[^<>]*>");
  private static final Pattern OWN_IMAGE = Pattern.compile("[A-Za-z0-9_-]+\\.png");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
  private static final Pattern MERMAID_LABEL = Pattern.compile("\"[^\"`#<>;&\\\\\\[\\]{}]*\"");

  private static final List<org.commonmark.Extension> TABLES = List.of(TablesExtension.create());
  private static final Parser PARSER = Parser.builder().extensions(TABLES).build();

  private Inert() {}

  /** report.html, or any page rendered from a report. */
  public static void assertHtml(String html) {
    Document page = Jsoup.parse(html);
    List<String> found = new ArrayList<>();
    for (Element e : page.getAllElements()) {
      boolean inSvg = e.closest("svg") != null;
      if (!(inSvg ? SVG_ELEMENTS : HTML_ELEMENTS).contains(e.normalName())) {
        found.add("element " + e.normalName());
      }
      for (Attribute a : e.attributes()) {
        String value = a.getValue().replaceAll("[\\s\\p{Cc}]", "").toLowerCase(Locale.ROOT);
        if (a.getKey().toLowerCase(Locale.ROOT).startsWith("on")) {
          found.add("handler " + a.getKey() + " on " + e.normalName());
        }
        if (value.startsWith("javascript:") || value.startsWith("vbscript:")) {
          found.add("URL " + a.getValue() + " on " + e.normalName());
        }
      }
    }
    assertThat(found).as("what a run's strings made of report.html").isEmpty();
    assertThat(page.select("script, iframe, object, embed, form, a, img")).isEmpty();
  }

  /**
   * A report's Markdown: raw HTML only of {@link #OWN_TAGS}, images only of the report's charts,
   * links only relative, tables whole.
   */
  public static void assertMarkdown(String markdown) {
    List<String> found = new ArrayList<>();
    PARSER
        .parse(markdown)
        .accept(
            new AbstractVisitor() {
              @Override
              public void visit(HtmlInline html) {
                if (!OWN_TAGS.contains(html.getLiteral())) {
                  found.add("HTML " + html.getLiteral());
                }
              }

              @Override
              public void visit(HtmlBlock html) {
                Matcher tag = TAG.matcher(html.getLiteral());
                while (tag.find()) {
                  if (!OWN_TAGS.contains(tag.group())) {
                    found.add("HTML block " + html.getLiteral());
                  }
                }
              }

              @Override
              public void visit(Link link) {
                if (SCHEME.matcher(link.getDestination()).find()) {
                  found.add("link to " + link.getDestination());
                }
                visitChildren(link);
              }

              @Override
              public void visit(Image image) {
                if (!OWN_IMAGE.matcher(image.getDestination()).matches()) {
                  found.add("image " + image.getDestination());
                }
              }
            });
    found.addAll(MarkdownTable.broken(markdown));
    assertThat(found).as("what a run's strings made of the Markdown").isEmpty();
  }

  /** comment.md's Mermaid chart: five statements, every label quoted, as many bars as labels. */
  public static void assertMermaid(String comment) {
    int start = comment.indexOf("```mermaid\n");
    assertThat(start).as("a Mermaid block").isNotNegative();
    int end = comment.indexOf("\n```\n", start);
    List<String> lines = comment.substring(start + "```mermaid\n".length(), end).lines().toList();
    assertThat(lines).hasSize(5);
    assertThat(lines.get(0)).isEqualTo("xychart-beta");
    assertThat(lines.get(1)).matches("    title " + MERMAID_LABEL.pattern());
    assertThat(lines.get(2))
        .matches(
            "    x-axis \\[" + MERMAID_LABEL.pattern() + "(, " + MERMAID_LABEL.pattern() + ")*]");
    assertThat(lines.get(3)).matches("    y-axis \"seconds\" 0 --> [0-9.]+");
    assertThat(lines.get(4)).matches("    bar \\[[0-9.]+(, [0-9.]+)*]");
    long labels = MERMAID_LABEL.matcher(lines.get(2)).results().count();
    assertThat(lines.get(4).split(",")).hasSize((int) labels);
  }

  /** The text a reader sees of a Markdown document, whitespace collapsed. */
  public static String shown(String markdown) {
    return Jsoup.parse(
            HtmlRenderer.builder().extensions(TABLES).build().render(PARSER.parse(markdown)))
        .text();
  }

  /** The nodes of a Markdown document, for checks of what a piece of it parses into. */
  public static Node parse(String markdown) {
    return PARSER.parse(markdown);
  }
}
