package org.pgloadbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.DefaultUrlSanitizer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;

/**
 * {@code report.html}: the Markdown report as one self-contained page, every chart inline as SVG,
 * no external asset, for people who look rather than read.
 *
 * <p>The page is opened in a browser, where HTML from a run's strings would run. The writers escape
 * those strings ({@link Markdown}); here, as well, no HTML passes but the few tags the writers emit
 * themselves, and no link or image URL but http, https, mailto and relative ones.
 */
final class HtmlReport {
  static final String FILE = "report.html";

  /** A chart of the report's own, beside it as name.png and name.svg. */
  private static final Pattern CHART = Pattern.compile("([A-Za-z0-9_-]+)\\.png");

  /** The HTML the report's Markdown writes on purpose: attribute-free tags, matched exactly. */
  static final Set<String> OWN_TAGS =
      Set.of("<sub>", "</sub>", "<details>", "</details>", "<summary>", "</summary>");

  private static final Pattern TAG = Pattern.compile("<[^<>]*>");

  /** Link and image URLs with a scheme: these only (javascript:, data:, vbscript: are dropped). */
  private static final List<String> SCHEMES = List.of("http", "https", "mailto");

  private static final String STYLE =
      """
      body{font:15px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1240px;\
      margin:2em auto;padding:0 1em;color:#1f2328}
      table{border-collapse:collapse;margin:1em 0;font-size:13px}
      th,td{border:1px solid #d0d7de;padding:4px 8px}th{background:#f6f8fa}
      td:nth-child(n+3){text-align:right}
      tr:nth-child(even) td{background:#fbfbfc}
      code{background:#eff1f3;padding:1px 4px;border-radius:4px}
      figure{margin:1em 0}figure svg{max-width:100%;height:auto}
      h1,h2{border-bottom:1px solid #d8dee4;padding-bottom:.3em}
      details summary{cursor:pointer}
      """;

  private HtmlReport() {}

  /** The page; each {@code ![alt](name.png)} becomes the inline content of {@code name.svg}. */
  static String render(String markdown, String title, Path chartDir) throws IOException {
    List<Extension> extensions = List.of(TablesExtension.create());
    String body;
    try {
      body =
          HtmlRenderer.builder()
              .extensions(extensions)
              .sanitizeUrls(true)
              .urlSanitizer(new DefaultUrlSanitizer(SCHEMES))
              .nodeRendererFactory(context -> new OwnTagsOnly(context.getWriter()))
              .nodeRendererFactory(context -> new InlineCharts(context, chartDir))
              .build()
              .render(Parser.builder().extensions(extensions).build().parse(markdown));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        + escape(title)
        + "</title>\n<style>\n"
        + STYLE
        + "</style>\n</head>\n<body>\n"
        + body
        + "</body>\n</html>\n";
  }

  /** Raw HTML in the Markdown: a tag of {@link #OWN_TAGS} as it is, anything else as text. */
  private record OwnTagsOnly(HtmlWriter html) implements NodeRenderer {
    @Override
    public Set<Class<? extends Node>> getNodeTypes() {
      return Set.of(HtmlInline.class, HtmlBlock.class);
    }

    @Override
    public void render(Node node) {
      if (node instanceof HtmlInline inline) {
        write(inline.getLiteral());
        return;
      }
      html.line();
      write(((HtmlBlock) node).getLiteral());
      html.line();
    }

    private void write(String literal) {
      Matcher tag = TAG.matcher(literal);
      int at = 0;
      while (tag.find()) {
        html.text(literal.substring(at, tag.start()));
        if (OWN_TAGS.contains(tag.group())) {
          html.raw(tag.group());
        } else {
          html.text(tag.group());
        }
        at = tag.end();
      }
      html.text(literal.substring(at));
    }
  }

  /**
   * An image of one of the report's charts as its SVG inline, in a figure labelled with the alt
   * text; any other image as commonmark renders it, its URL sanitised.
   */
  private record InlineCharts(HtmlNodeRendererContext context, Path chartDir)
      implements NodeRenderer {
    @Override
    public Set<Class<? extends Node>> getNodeTypes() {
      return Set.of(Image.class);
    }

    @Override
    public void render(Node node) {
      Image image = (Image) node;
      String alt = altText(image);
      Matcher chart = CHART.matcher(image.getDestination());
      Path svg = chart.matches() ? chartDir.resolve(chart.group(1) + ".svg") : null;
      if (svg != null && Files.isRegularFile(svg)) {
        try {
          context
              .getWriter()
              .raw(
                  "<figure role=\"img\" aria-label=\""
                      + escape(alt)
                      + "\">"
                      + svgElement(svg)
                      + "</figure>");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return;
      }
      Map<String, String> attributes = new LinkedHashMap<>();
      attributes.put(
          "src",
          context.encodeUrl(context.urlSanitizer().sanitizeImageUrl(image.getDestination())));
      attributes.put("alt", alt);
      if (image.getTitle() != null) {
        attributes.put("title", image.getTitle());
      }
      context.getWriter().tag("img", context.extendAttributes(image, "img", attributes), true);
    }

    private static String altText(Image image) {
      StringBuilder alt = new StringBuilder();
      image.accept(
          new AbstractVisitor() {
            @Override
            public void visit(Text text) {
              alt.append(text.getLiteral());
            }

            @Override
            public void visit(Code code) {
              alt.append(code.getLiteral());
            }
          });
      return alt.toString();
    }
  }

  /** The {@code <svg>} element of a file, without the XML declaration and doctype before it. */
  private static String svgElement(Path svg) throws IOException {
    String text = Files.readString(svg, StandardCharsets.UTF_8);
    int start = text.indexOf("<svg");
    return start < 0 ? text : text.substring(start);
  }

  /** Text for an HTML element or a double-quoted attribute. */
  private static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
