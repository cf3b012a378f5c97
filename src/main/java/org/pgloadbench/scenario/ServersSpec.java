package org.pgloadbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The PostgreSQL servers to run on.
 *
 * @param target where the servers come from: {@code embedded} (binaries from Maven Central), {@code
 *     container} (Testcontainers), {@code local} (the user's own builds) or {@code url} (a server
 *     the harness only connects to)
 * @param versions what the runner starts a server for, in order: PostgreSQL versions as written
 *     (e.g. {@code 17} or {@code 16.4}) for embedded and container; the build labels for local;
 *     {@link #URL} for url
 * @param image the container image, or null for {@code postgres:<version>}
 * @param builds local builds: label to bin dir, in order; {@link #LOCAL} labels the one build of
 *     {@code TARGET=local:<dir>}, which results then show by its version
 * @param url the server's {@code postgresql://user@host:port/db}, without a password
 */
public record ServersSpec(
    String target, List<String> versions, String image, Map<String, String> builds, String url) {
  public static final String EMBEDDED = "embedded";
  public static final String CONTAINER = "container";
  public static final String LOCAL = "local";
  public static final String URL = "url";

  static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+){0,2}");
  public static final Pattern LABEL = Pattern.compile("[a-z0-9][a-z0-9._-]*");
  static final String TARGETS =
      "embedded, container, local:<bin dir> or postgresql://user@host:port/db";

  public ServersSpec {
    versions = List.copyOf(versions);
    builds = Collections.unmodifiableMap(new LinkedHashMap<>(builds));
  }

  /**
   * These servers on the target written as {@code TARGET=} takes it (and {@code servers.target});
   * {@code versions} and {@code builds} are the scenario's, used where the target needs them.
   *
   * @throws IllegalArgumentException with what is wrong, for the caller to place
   */
  static ServersSpec of(
      String target, List<String> versions, String image, Map<String, String> builds) {
    if (target.equals(EMBEDDED) || target.equals(CONTAINER)) {
      if (versions.isEmpty()) {
        throw new IllegalArgumentException(
            "the " + target + " target needs PostgreSQL versions; give them, e.g. PG=17");
      }
      return new ServersSpec(
          target, versions, target.equals(CONTAINER) ? image : null, Map.of(), null);
    }
    if (target.startsWith(LOCAL + ":")) {
      String dir = target.substring(LOCAL.length() + 1);
      if (dir.isBlank()) {
        throw new IllegalArgumentException(
            "name the build's bin dir, e.g. local:/usr/lib/postgresql/15/bin");
      }
      return new ServersSpec(LOCAL, List.of(LOCAL), null, Map.of(LOCAL, dir), null);
    }
    if (target.equals(LOCAL)) {
      if (builds.isEmpty()) {
        throw new IllegalArgumentException(
            "give the builds' bin dirs on the command line, e.g."
                + " TARGET=local:/usr/lib/postgresql/15/bin or BUILDS=head=<bin dir>,patch=<bin"
                + " dir>");
      }
      return new ServersSpec(LOCAL, List.copyOf(builds.keySet()), null, builds, null);
    }
    if (isUrl(target)) {
      checkNoPassword(target);
      return new ServersSpec(URL, List.of(URL), null, Map.of(), target);
    }
    // A mistyped URL may hold a password: it is not repeated.
    String shown = target.contains("@") ? "this" : "'" + target + "'";
    throw new IllegalArgumentException(shown + " is not a target; use " + TARGETS);
  }

  /**
   * Why only the user, not a scenario file, may choose {@code target} (as a reason completing "a
   * scenario may not choose ..."), or null for a target any scenario may name.
   */
  static String whyUsersChoice(String target) {
    if (target.startsWith(LOCAL + ":")) {
      return "the programs the benchmark runs (" + target + "'s postgres would run as you)";
    }
    if (isUrl(target)) {
      return "the server the benchmark runs on (it would receive your password)";
    }
    return null;
  }

  /**
   * Refuses a URL holding a password: it belongs in PGPASSWORD or ~/.pgpass, never in a file or on
   * a command line others may read.
   */
  static void checkNoPassword(String target) {
    if (isUrl(target)) {
      String authority = target.substring(target.indexOf("//") + 2).split("[/?]", 2)[0];
      int at = authority.lastIndexOf('@');
      if (at >= 0 && authority.substring(0, at).contains(":")) {
        throw new IllegalArgumentException(
            "the URL holds a password; remove it and give it in PGPASSWORD or ~/.pgpass");
      }
    }
  }

  /** A target as messages may repeat it: a URL with a user or password is not repeated. */
  static String shown(String target) {
    return target.contains("@") ? "<url>" : target;
  }

  private static boolean isUrl(String target) {
    return target.startsWith("postgresql://") || target.startsWith("postgres://");
  }

  /**
   * The scenario's servers with TARGET, BUILDS, IMAGE and PG applied: TARGET moves them to another
   * target (a local build or a URL replaces the versions), BUILDS to local builds (the scenario's
   * build labels, when it lists them, each given its bin dir), IMAGE sets the container image, PG
   * replaces the versions.
   */
  static ServersSpec overridden(ServersSpec scenario, Overrides o) throws ScenarioException {
    ServersSpec spec = o.builds() != null ? localBuilds(scenario, o) : retargeted(scenario, o);
    if (o.image() != null) {
      if (!spec.target().equals(CONTAINER)) {
        throw new ScenarioException(
            "IMAGE=" + o.image() + ": is for the container target; add TARGET=container");
      }
      spec = new ServersSpec(spec.target(), spec.versions(), o.image(), Map.of(), null);
    }
    if (spec.target().equals(LOCAL) && spec.builds().isEmpty()) {
      throw new ScenarioException(
          "the scenario runs local builds"
              + (spec.versions().isEmpty() ? "" : " (" + String.join(", ", spec.versions()) + ")")
              + "; give their bin dirs on the command line, e.g. BUILDS="
              + (spec.versions().isEmpty()
                  ? "head=/opt/pg-head/bin,patch=/opt/pg-patch/bin"
                  : String.join(
                      ",",
                      spec.versions().stream().map(l -> l + "=/opt/pg-" + l + "/bin").toList()))
              + ", or TARGET=local:<bin dir> for one");
    }
    return spec;
  }

  /** BUILDS=: the local target with these builds, in the scenario's order of its labels. */
  private static ServersSpec localBuilds(ServersSpec scenario, Overrides o)
      throws ScenarioException {
    String given =
        "BUILDS=" + String.join(",", o.builds().keySet().stream().map(l -> l + "=...").toList());
    if (o.target() != null) {
      throw new ScenarioException(given + ": give TARGET or BUILDS, not both");
    }
    if (o.versions() != null) {
      throw new ScenarioException(
          "PG=" + String.join(",", o.versions()) + ": the builds are the servers; leave PG out");
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    if (scenario.target().equals(LOCAL) && !scenario.versions().isEmpty()) {
      if (!Set.copyOf(scenario.versions()).equals(o.builds().keySet())) {
        throw new ScenarioException(
            given
                + ": the scenario compares the builds "
                + String.join(", ", scenario.versions())
                + "; give a bin dir for each of them");
      }
      scenario.versions().forEach(label -> ordered.put(label, o.builds().get(label)));
    } else {
      ordered.putAll(o.builds());
    }
    return new ServersSpec(LOCAL, List.copyOf(ordered.keySet()), null, ordered, null);
  }

  private static ServersSpec retargeted(ServersSpec scenario, Overrides o)
      throws ScenarioException {
    if (o.target() == null && o.versions() == null) {
      return scenario;
    }
    String to = o.target() == null ? scenario.target() : o.target();
    if (to.equals(LOCAL) && o.target() == null) {
      if (o.versions() != null) {
        throw new ScenarioException(
            "PG="
                + String.join(",", o.versions())
                + ": the scenario runs local builds, not versions;"
                + " leave PG out, or add TARGET=embedded");
      }
      return scenario;
    }
    if (to.equals(URL)) {
      to = scenario.url();
    }
    List<String> chosen = o.versions() != null ? o.versions() : scenario.versions();
    if (scenario.target().equals(LOCAL) || scenario.target().equals(URL)) {
      chosen = o.versions() == null ? List.of() : o.versions();
    }
    try {
      ServersSpec spec = of(to, chosen, scenario.image(), scenario.builds());
      if (o.versions() != null && !spec.versions().equals(o.versions())) {
        throw new ScenarioException(
            "PG="
                + String.join(",", o.versions())
                + ": the "
                + spec.target()
                + " target runs the server it names, not versions; leave PG out");
      }
      return spec;
    } catch (IllegalArgumentException e) {
      throw new ScenarioException(
          "TARGET=" + (o.target() == null ? to : shown(o.target())) + ": " + e.getMessage());
    }
  }
}
