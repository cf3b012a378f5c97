package org.pgloadbench.metrics;

import java.util.List;

/**
 * Reads what a server's processes have used so far, from the operating system: whoever owns the
 * clock reads it right before and right after a step, never inside the timed region. Each target
 * has its own (see {@code PostgresServer#resources}); a reading never fails, it leaves out what it
 * cannot see.
 */
public interface ResourceMeter {
  /** A meter for a server whose processes the harness cannot see (a URL target). */
  ResourceMeter NONE = new Blind(List.of());

  /** The counters now. */
  ResourceUse read();

  /** What this meter cannot see on its target, each as {@code "what: why"}. */
  default List<String> missing() {
    return List.of();
  }

  /** A meter that sees none of its server's processes, for the reasons {@code missing} gives. */
  record Blind(List<String> missing) implements ResourceMeter {
    @Override
    public ResourceUse read() {
      return ResourceUse.UNKNOWN;
    }
  }

  /** CPU time from one meter, bytes from another (each the better source of its figures). */
  record Combined(ResourceMeter cpu, ResourceMeter bytes) implements ResourceMeter {
    @Override
    public ResourceUse read() {
      ResourceUse c = cpu.read();
      ResourceUse b = bytes.read();
      return new ResourceUse(
          c.cpuUserSeconds(), c.cpuSystemSeconds(), b.readBytes(), b.writtenBytes());
    }

    @Override
    public List<String> missing() {
      return bytes.missing();
    }
  }
}
