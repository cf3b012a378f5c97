package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.AllowedSettings.untrusted;
import static org.pgloadbench.scenario.CellsSchema.axisValue;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.enumOf;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.pattern;
import static org.pgloadbench.scenario.SchemaNodes.refused;
import static org.pgloadbench.scenario.SchemaNodes.type;
import static org.pgloadbench.scenario.SchemaNodes.versionLike;
import static org.pgloadbench.scenario.ServersSpec.CONTAINER;
import static org.pgloadbench.scenario.ServersSpec.EMBEDDED;
import static org.pgloadbench.scenario.ServersSpec.LOCAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * The {@code servers} section: the target, the versions or build labels, and what only a trusted
 * scenario may choose (a bin dir, an image, a URL).
 */
final class ServersSection {
  private static final String FOREIGN_IMAGE = "the container image (a stranger's image would run)";

  static final Key<YamlNode> TARGET =
      Key.of(
              "target",
              () ->
                  enumOf(
                          List.of(EMBEDDED, CONTAINER, LOCAL),
                          "embedded: the binaries from Maven Central (default); container: Docker's"
                              + " postgres:<version>; local: the builds listed in builds, whose bin"
                              + " dirs BUILDS= gives. local:<bin dir> and URL targets go on the"
                              + " command line (TARGET=).")
                      .put(
                          "errorMessage",
                          "use embedded, container or local; a bin dir (local:<bin dir>) or a"
                              + " server's URL is the user's to choose: TARGET= on the command"
                              + " line, or "
                              + AllowedSettings.TRUSTED))
          .hint("use " + ServersSpec.TARGETS);

  static final Key<List<String>> VERSIONS =
      Key.of(
              "versions",
              "PostgreSQL versions, e.g. [16, 17] or [16.4]; PG= overrides.",
              () -> list(versionLike(ServersSpec.VERSION).put("minimum", 0)))
          .hint("list PostgreSQL versions, e.g. versions: [16, 17]")
          .reading(ServersSection::versions);

  static final Key<String> IMAGE =
      Key.of(
              "image",
              () ->
                  refused(untrusted(FOREIGN_IMAGE, "give it on the command line, IMAGE=<image>")))
          .reading(node -> node.asText("e.g. image: postgres:17"));

  static final Key<Map<String, String>> BUILDS =
      Key.of(
              "builds",
              "The labels of the local builds compared in the place of versions, e.g. [head,"
                  + " patch]; BUILDS=head=<bin dir>,patch=<bin dir> gives their bin dirs.",
              () -> list(pattern(ServersSpec.LABEL)))
          .hint("list the builds' labels, e.g. builds: [head, patch]")
          .reading(ServersSection::builds);

  static final Key<String> MEMORY =
      everyServer(
          Axis.MEMORY,
          "Every server's memory cap, its processes and the page cache they fill held to it (a"
              + " cgroup; a container's limit), e.g. 1GB; none for no cap (default). MEMORY="
              + " overrides; the memory axis compares caps instead. shared_buffers must be at"
              + " most half the cap.");

  static final Key<String> STANDBY =
      everyServer(
          Axis.STANDBY,
          "A physical standby of every server, made from the same binaries and streaming its WAL"
              + " over the loopback: async, or sync (each commit waits until the standby has"
              + " flushed it); none (default). The servers then run with wal_level replica. Each"
              + " step records the standby's replay lag and a sync standby's commit waits."
              + " Embedded and local targets only; the standby axis compares them instead.");

  static final Key<String> DISK =
      everyServer(
          Axis.DISK,
          "How fast every server may read and write the disk holding its data (a cgroup's"
              + " throttle on that block device; a container's device limits): a disk (gp3:"
              + " AWS EBS gp3's baseline, 3,000 IOPS and 125 MiB/s; hdd-7200; sata-ssd), limits"
              + " joined by commas, e.g. read=200MB/s,write=100MB/s,read_iops=3000,"
              + "write_iops=3000 (any of them, each above 0), or none (default); followed by"
              + " ,io=direct (or alone), the server runs with direct I/O (debug_io_direct ="
              + " 'data,wal', PostgreSQL 16 and later), so that every byte of its data files and"
              + " WAL passes the throttle, a memory cap or not. DISK="
              + " overrides; the disk axis compares limits instead. Each step records what the"
              + " throttle let through.");

  static final Keys KEYS = Keys.of(TARGET, VERSIONS, IMAGE, BUILDS, MEMORY, STANDBY, DISK);

  private ServersSection() {}

  static ServersSpec servers(Mapping m, boolean trusted) throws ScenarioException {
    KEYS.allowOnly(m);

    String target = EMBEDDED;
    YamlNode targetNode = TARGET.node(m);
    if (targetNode != null) {
      target = targetNode.asText(TARGET.hint());
      try {
        ServersSpec.checkNoPassword(target);
      } catch (IllegalArgumentException e) {
        throw targetNode.error(e.getMessage());
      }
      String why = ServersSpec.whyUsersChoice(target);
      if (why != null && !trusted) {
        throw targetNode.error(
            untrusted(why, "give it on the command line, TARGET=" + ServersSpec.shown(target)));
      }
    }
    List<String> versions = VERSIONS.in(m, List.of());
    String image = IMAGE.in(m, null);
    TargetRule.IMAGE.refuseOff(m, target);
    if (image != null && !trusted) {
      throw IMAGE.node(m)
          .error(untrusted(FOREIGN_IMAGE, "give it on the command line, IMAGE=" + image));
    }
    Map<String, String> builds = BUILDS.in(m, Map.of());
    TargetRule.BUILDS.refuseOff(m, target);
    boolean dirsGiven = builds.values().stream().anyMatch(dir -> !dir.isEmpty());
    if (dirsGiven && !trusted) {
      throw BUILDS.node(m).error(
          untrusted(
              "the builds' bin dirs (their programs would run as you)",
              "list the labels, builds: ["
                  + String.join(", ", builds.keySet())
                  + "], and give the dirs on the command line, BUILDS="
                  + builds.entrySet().stream()
                      .map(b -> b.getKey() + "=" + b.getValue())
                      .collect(Collectors.joining(","))));
    }
    TargetRule.VERSIONS.requireOn(m, target);
    if (target.equals(LOCAL) && !dirsGiven) {
      TargetRule.VERSIONS.refuseOff(m, target);
      // the labels the scenario compares; their bin dirs come from the command line (BUILDS=)
      return new ServersSpec(LOCAL, List.copyOf(builds.keySet()), null, Map.of(), null);
    }
    try {
      ServersSpec spec = ServersSpec.of(target, versions, image, builds);
      // a target naming its servers (a trusted scenario's) refuses versions in its own words
      if (VERSIONS.node(m) != null && !TargetRule.VERSIONS.targets().contains(spec.target())) {
        String names = " target runs the server(s) it names, not versions; remove versions";
        throw VERSIONS.node(m).error("the " + spec.target() + names);
      }
      return spec;
    } catch (IllegalArgumentException e) {
      throw targetNode.error(e.getMessage());
    }
  }

  static ObjectNode schema() {
    ObjectNode node = type("object");
    node.put(
        "description",
        "The PostgreSQL servers: versions for the embedded (default) or container target, or the"
            + " labels of local builds. A scenario chooses no program, image or server: give"
            + " TARGET=local:<bin dir>, BUILDS=head=<bin dir>,..., IMAGE= or a URL target on the"
            + " command line, or "
            + AllowedSettings.TRUSTED
            + ".");
    node.set("properties", KEYS.properties());
    node.put("additionalProperties", false);
    node.set("allOf", JSON.arrayNode().add(TargetRule.schema()));
    return node;
  }

  /** The key of a server axis's value for every server. */
  private static Key<String> everyServer(Axis<?> axis, String description) {
    return Key.of(axis.name(), description, () -> axisValue(axis))
        .reading(node -> Matrix.value(axis, node));
  }

  /**
   * {@code servers.memory}, {@code servers.standby} and {@code servers.disk}, as the values of
   * their axes for every cell (like {@code settings.profile} for the settings axis); empty when not
   * given.
   */
  static Map<String, String> perServer(Mapping root) throws ScenarioException {
    Map<String, String> values = new LinkedHashMap<>();
    if (!(root.optional("servers") instanceof Mapping servers)) {
      return values;
    }
    for (Key<String> key : List.of(MEMORY, STANDBY, DISK)) {
      String value = key.in(servers, null);
      if (value != null
          && root.optional("matrix") instanceof Mapping matrix
          && matrix.values().containsKey(key.name())) {
        throw key.node(servers)
            .error(
                String.format(
                    "the matrix compares %s too; remove servers.%s, or the %2$s axis",
                    Axis.named(key.name()).orElseThrow().compared(), key.name()));
      }
      if (value != null) {
        values.put(key.name(), value);
      }
    }
    return values;
  }

  /**
   * {@code builds: [head, patch]} (labels, their bin dirs given on the command line) or, in a
   * trusted scenario, {@code builds: {head: <bin dir>, patch: <bin dir>}}: label to bin dir, empty
   * for a label alone.
   */
  private static Map<String, String> builds(YamlNode node) throws ScenarioException {
    Map<String, String> builds = new LinkedHashMap<>();
    String hint = BUILDS.hint();
    if (node instanceof YamlNode.Sequence) {
      node.textsOnce(
              hint, "build", l -> ServersSpec.LABEL.matcher(l).matches(), ServersSection::notALabel)
          .forEach(label -> builds.put(label, ""));
    } else {
      Mapping m = node.asMapping(hint);
      for (var e : m.values().entrySet()) {
        if (!ServersSpec.LABEL.matcher(e.getKey()).matches()) {
          throw m.at(m.keyLines().get(e.getKey()), "servers.builds: " + notALabel(e.getKey()));
        }
        builds.put(e.getKey(), e.getValue().asText(hint));
      }
    }
    if (builds.isEmpty()) {
      throw node.error("is empty; " + hint);
    }
    return builds;
  }

  /** {@code versions:}, each a PostgreSQL version, listed once. */
  private static List<String> versions(YamlNode node) throws ScenarioException {
    String hint = VERSIONS.hint();
    List<String> versions =
        node.textsOnce(
            hint,
            "version",
            v -> ServersSpec.VERSION.matcher(v).matches(),
            v -> "'" + v + "' is not a PostgreSQL version; write e.g. 17 or 16.4");
    if (versions.isEmpty()) {
      throw node.error("is empty; " + hint);
    }
    return versions;
  }

  private static String notALabel(String label) {
    return "'" + label + "' is not a label; use lower-case letters, digits, '.', '_' and '-'";
  }
}
