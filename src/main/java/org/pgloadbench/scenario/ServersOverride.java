package org.pgloadbench.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the command line says of the servers (PG, TARGET, BUILDS, IMAGE; null: the scenario's), put
 * in the place of the scenario's {@code servers}: the rules by which they combine with each other
 * and with what the scenario lists, each refusal one line naming the variable to change.
 *
 * @param versions PG=, replacing {@code servers.versions}
 * @param target TARGET=, replacing {@code servers.target}
 * @param builds BUILDS=: local builds, label to bin dir, in order
 * @param image IMAGE=: the container target's image
 */
record ServersOverride(
    List<String> versions, String target, Map<String, String> builds, String image) {

  /**
   * The scenario's servers with TARGET, BUILDS, IMAGE and PG applied: TARGET moves them to another
   * target (a local build or a URL replaces the versions), BUILDS to local builds (the scenario's
   * build labels, when it lists them, each given its bin dir), IMAGE sets the container image, PG
   * replaces the versions.
   */
  ServersSpec servers(ServersSpec scenario) throws ScenarioException {
    ServersSpec spec = builds != null ? localBuilds(scenario) : retargeted(scenario);
    if (image != null) {
      if (!spec.target().equals(ServersSpec.CONTAINER)) {
        throw new ScenarioException(
            "IMAGE=" + image + ": is for the container target; add TARGET=container");
      }
      spec = new ServersSpec(spec.target(), spec.versions(), image, Map.of(), null);
    }
    if (spec.target().equals(ServersSpec.LOCAL) && spec.builds().isEmpty()) {
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
  private ServersSpec localBuilds(ServersSpec scenario) throws ScenarioException {
    String given =
        "BUILDS=" + String.join(",", builds.keySet().stream().map(l -> l + "=...").toList());
    if (target != null) {
      throw new ScenarioException(given + ": give TARGET or BUILDS, not both");
    }
    if (versions != null) {
      throw new ScenarioException(
          "PG=" + String.join(",", versions) + ": the builds are the servers; leave PG out");
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    if (scenario.target().equals(ServersSpec.LOCAL) && !scenario.versions().isEmpty()) {
      if (!Set.copyOf(scenario.versions()).equals(builds.keySet())) {
        throw new ScenarioException(
            given
                + ": the scenario compares the builds "
                + String.join(", ", scenario.versions())
                + "; give a bin dir for each of them");
      }
      scenario.versions().forEach(label -> ordered.put(label, builds.get(label)));
    } else {
      ordered.putAll(builds);
    }
    return new ServersSpec(ServersSpec.LOCAL, List.copyOf(ordered.keySet()), null, ordered, null);
  }

  /** TARGET= and PG=, or the scenario's own servers. */
  private ServersSpec retargeted(ServersSpec scenario) throws ScenarioException {
    if (target == null && versions == null) {
      return scenario;
    }
    String to = target == null ? scenario.target() : target;
    if (to.equals(ServersSpec.LOCAL) && target == null) {
      if (versions != null) {
        throw new ScenarioException(
            "PG="
                + String.join(",", versions)
                + ": the scenario runs local builds, not versions;"
                + " leave PG out, or add TARGET=embedded");
      }
      return scenario;
    }
    if (to.equals(ServersSpec.URL)) {
      to = scenario.url();
    }
    List<String> chosen = versions != null ? versions : scenario.versions();
    if (scenario.target().equals(ServersSpec.LOCAL) || scenario.target().equals(ServersSpec.URL)) {
      chosen = versions == null ? List.of() : versions;
    }
    try {
      ServersSpec spec = ServersSpec.of(to, chosen, scenario.image(), scenario.builds());
      if (versions != null && !spec.versions().equals(versions)) {
        throw new ScenarioException(
            "PG="
                + String.join(",", versions)
                + ": the "
                + spec.target()
                + " target runs the server it names, not versions; leave PG out");
      }
      return spec;
    } catch (IllegalArgumentException e) {
      throw new ScenarioException(
          "TARGET=" + (target == null ? to : ServersSpec.shown(target)) + ": " + e.getMessage());
    }
  }

  /** Where fields now come from: a mistake in what PG or TARGET replaced is reported at them. */
  Origins origins(Origins scenario) {
    Origins origins = scenario;
    if (versions != null) {
      origins = origins.overriddenBy("servers.versions", "PG=" + String.join(",", versions));
    }
    if (target != null) {
      origins = origins.overriddenBy("servers", "TARGET=" + ServersSpec.shown(target));
    }
    if (builds != null) {
      origins = origins.overriddenBy("servers", "BUILDS=" + String.join(",", builds.keySet()));
    }
    if (image != null) {
      origins = origins.overriddenBy("servers.image", "IMAGE=" + image);
    }
    return origins;
  }
}
