package org.pgloadbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * {@code report.html}: the Markdown report as one self-contained page, every chart inline as SVG,
 * no external asset, for people who look rather than read.
 */
final class HtmlReport {
  static final String FILE = "report.html";

  private static final Pattern IMAGE =
      Pattern.compile("<img src=\"([^\"/]+)\\.png\" alt=\"([^\"]*)\" />");

  private static final String STYLE =
      """
      body{font:15px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1240px;\
      margin:2em auto;padding:0 1em;color:#1f2328}
      table{border-collapse:collapse;margin:1em 0;font-size:13px}
      th,td{border:1px solid #d0d7de;padding:4px 8px}th{background:#f6f8fa}
      td:nth-child(n+3){text-align:right;white-space:nowrap}
      tr:nth-child(even) td{background:#fbfbfc}
      code{background:#eff1f3;padding:1px 4px;border-radius:4px}
      figure{margin:1em 0}figure svg{max-width:100%;height:auto}
      h1,h2{border-bottom:1px solid #d8dee4;padding-bottom:.3em}
      details summary{cursor:pointer}
      """;

  private HtmlReport() {}

  static Path write(String markdown, String title, Path reportDir) throws IOException {
    Path file = reportDir.resolve(FILE);
    Files.writeString(file, render(markdown, title, reportDir), StandardCharsets.UTF_8);
    return file;
  }

  /** The page; each {@code ![alt](name.png)} becomes the inline content of {@code name.svg}. */
  static String render(String markdown, String title, Path chartDir) throws IOException {
    List<org.commonmark.Extension> extensions = List.of(TablesExtension.create());
    String body =
        HtmlRenderer.builder()
            .extensions(extensions)
            .build()
            .render(Parser.builder().extensions(extensions).build().parse(markdown));
    Matcher image = IMAGE.matcher(body);
    StringBuilder inlined = new StringBuilder();
    while (image.find()) {
      Path svg = chartDir.resolve(image.group(1) + ".svg");
      String replacement =
          Files.exists(svg)
              ? "<figure role=\"img\" aria-label=\""
                  + image.group(2)
                  + "\">"
                  + svgElement(svg)
                  + "</figure>"
              : image.group();
      image.appendReplacement(inlined, Matcher.quoteReplacement(replacement));
    }
    image.appendTail(inlined);
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        + escape(title)
        + "</title>\n<style>\n"
        + STYLE
        + "</style>\n</head>\n<body>\n"
        + inlined
        + "</body>\n</html>\n";
  }

  /** The {@code <svg>} element of a file, without the XML declaration and doctype before it. */
  private static String svgElement(Path svg) throws IOException {
    String text = Files.readString(svg, StandardCharsets.UTF_8);
    int start = text.indexOf("<svg");
    return start < 0 ? text : text.substring(start);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
