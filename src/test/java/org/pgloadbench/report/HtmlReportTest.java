package org.pgloadbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html from Markdown that holds raw HTML and unsafe URLs (as a writer that forgot to escape
 * would pass on): only the report's own attribute-free tags and safe URLs come through, the rest
 * shows as text.
 */
class HtmlReportTest {
  @TempDir Path dir;

  static final String MARKDOWN =
      """
      # t

      <img src=x onerror="document.title='X'"> <b onclick="x()">b</b> [j](javascript:alert(1))
      ![i](javascript:alert(2)) <javascript:alert(3)> [d](data:text/html,x) [v](vbscript:x)

      <details open ontoggle="document.title='D'"><summary>s</summary>

      <script>document.title='S'</script>

      </details>

      <details><summary>own</summary>

      body

      </details>

      <sub>own</sub> [web](https://example.org/) [rel](other/report.md)
      """;

  @Test
  void onlyTheReportsOwnTagsAndSafeUrlsPass() throws Exception {
    Document page = Jsoup.parse(HtmlReport.render(MARKDOWN, "t<script>x</script>\"", dir));

    assertThat(page.title()).isEqualTo("t<script>x</script>\"");
    assertThat(page.select("script, b")).isEmpty();
    // a Markdown image keeps its element, without the URL
    assertThat(page.select("img").eachAttr("src")).containsExactly("");
    for (Element e : page.getAllElements()) {
      assertThat(e.attributes().asList())
          .as(e.normalName())
          .noneMatch(a -> a.getKey().startsWith("on"))
          .noneMatch(a -> a.getValue().matches("(?i)\\s*(javascript|data|vbscript):.*"));
    }
    // links keep their text, unsafe ones without their URL
    assertThat(page.select("a").eachAttr("href"))
        .containsExactly("", "", "", "", "https://example.org/", "other/report.md");
    assertThat(page.select("details")).hasSize(1).allMatch(e -> e.attributes().isEmpty());
    assertThat(page.select("summary").eachText()).containsExactly("s", "own");
    assertThat(page.select("sub").eachText()).containsExactly("own");
    assertThat(page.body().text())
        .contains("<img src=x onerror=\"document.title='X'\">")
        .contains("<b onclick=\"x()\">b</b>")
        .contains("<details open ontoggle=\"document.title='D'\">")
        .contains("<script>document.title='S'</script>");
  }
}
