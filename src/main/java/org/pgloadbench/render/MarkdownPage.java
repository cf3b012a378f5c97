package org.pgloadbench.render;

import java.util.Collection;
import java.util.List;

/**
 * The one place a report's Markdown is assembled: blocks (headings, paragraphs, tables, lists) in
 * order, one blank line between two, the page ending in one line break. A section only says what
 * its blocks are; the page joins them, and sets every heading's level from the section's own (1 for
 * the title, 2 for a section) and the page's depth: a comment nests a report's sections two levels
 * deeper, under a GitHub issue's own headings.
 *
 * <p>A block is Markdown already: its run's strings went through {@link Markdown} first.
 */
public final class MarkdownPage {
  private final int depth;
  private final StringBuilder text = new StringBuilder();

  private MarkdownPage(int depth) {
    this.depth = depth;
  }

  /** A page whose title is {@code #}, its sections {@code ##}. */
  public static MarkdownPage report() {
    return new MarkdownPage(0);
  }

  /** A page whose headings are {@code levels} deeper than a report's. */
  public static MarkdownPage nested(int levels) {
    return new MarkdownPage(levels);
  }

  /** An empty page as deep as this one: to measure a part before it goes on the page. */
  public MarkdownPage blank() {
    return new MarkdownPage(depth);
  }

  /** Each section that applies to {@code input}, in order. */
  public <T> MarkdownPage sections(List<? extends Section<? super T>> sections, T input) {
    for (Section<? super T> section : sections) {
      if (section.applies(input)) {
        section.render(input, this);
      }
    }
    return this;
  }

  /** A heading; {@code level} 1 is the title, 2 a section, 3 a part of one. */
  public MarkdownPage heading(int level, String text) {
    return block("#".repeat(level + depth) + " " + text);
  }

  /** A block as it is: a paragraph, a fenced block, or several blocks (a page's own text). */
  public MarkdownPage block(String markdown) {
    int end = markdown.length();
    while (end > 0 && markdown.charAt(end - 1) == '\n') {
      end--;
    }
    if (end > 0) {
      text.append(markdown, 0, end).append("\n\n");
    }
    return this;
  }

  public MarkdownPage table(Table table) {
    return block(table.toString());
  }

  /** A list, an item per element; none for none. */
  public MarkdownPage bullets(Collection<String> items) {
    StringBuilder list = new StringBuilder();
    items.forEach(item -> list.append("- ").append(item).append('\n'));
    return block(list.toString());
  }

  /** One of the report's own images (a chart beside it): not a run's string. */
  public MarkdownPage image(String alt, String file) {
    return block("![" + alt + "](" + file + ")");
  }

  /** Another page's blocks, as they are. */
  public MarkdownPage add(MarkdownPage other) {
    text.append(other.text);
    return this;
  }

  /** What the page takes in a longer one: its text and the blank line after it. */
  public int length() {
    return text.length();
  }

  /** The page's Markdown, ending in one line break; empty for no block. */
  @Override
  public String toString() {
    return text.isEmpty() ? "" : text.substring(0, text.length() - 1);
  }
}
