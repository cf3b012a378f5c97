package org.pgloadbench.variant;

import java.util.Map;

/**
 * A cell's value on a server axis beyond its settings profile and memory cap: its standby, its disk
 * limit. Cells that differ in one run on servers of their own; the server a cell runs on ({@link
 * ServerVariant}) holds each part by its type, and every target is started with all of them ({@code
 * server.ServerStart}). A new server axis is a type implementing this, its declaration in {@code
 * scenario.ServerAxes}, and what the targets that give it do with it.
 */
public interface ServerPart {
  /** Whether it asks nothing of the server: what a target that cannot give it still runs. */
  boolean isNone();

  /** Adds to, or changes in, a server's settings what this part needs; nothing by default. */
  default void addSettings(Map<String, String> settings) {}

  /** How progress lines show a server with this part, e.g. {@code sync standby}. */
  String shown();
}
