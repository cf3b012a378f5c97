package org.pgloadbench.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgloadbench.variant.ServerVariant;

/**
 * One server start, as every target takes it: the version (or build label) asked for, the settings
 * it runs with, and the server-side values of its cells (memory cap, standby, disk limit), so that a
 * new server axis reaches the targets without a new way to start one.
 *
 * @param settings as given, then what each of the variant's parts needs added (a standby's WAL
 *     senders, direct I/O's setting)
 */
public record ServerStart(String version, Map<String, String> settings, ServerVariant variant) {
  public ServerStart {
    Map<String, String> all = new LinkedHashMap<>(settings);
    variant.parts().forEach(part -> part.addSettings(all));
    settings = Collections.unmodifiableMap(all);
  }

  /** A server of {@code version} with these settings alone: no cap, standby or disk limit. */
  public ServerStart(String version, Map<String, String> settings) {
    this(version, settings, ServerVariant.PLAIN);
  }
}
