package org.pgloadbench.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where a process's cgroup lies, on a v1 (hybrid) machine like this one and on a v2 machine. */
class CgroupFsTest {
  @Test
  void aHybridMachineHasV1ControllersAndAV2Tree() {
    CgroupFs fs =
        CgroupFs.parse(
            """
            tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0
            cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,relatime,cpu,cpuacct 0 0
            cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0
            cgroup /sys/fs/cgroup/systemd cgroup rw,relatime,name=systemd 0 0
            cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0
            """);
    String docker =
        "12:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n0::/\n";

    assertThat(fs.v1Dir("memory", docker)).isEqualTo(Path.of("/sys/fs/cgroup/memory/docker/abc"));
    assertThat(fs.v1Dir("cpuacct", docker))
        .isEqualTo(Path.of("/sys/fs/cgroup/cpu,cpuacct/docker/abc"));
    assertThat(fs.v1Dir("blkio", docker)).isNull();
    assertThat(fs.v2Dir(docker)).isEqualTo(Path.of("/sys/fs/cgroup/unified"));
  }

  @Test
  void aV2MachineHasOneTree() {
    CgroupFs fs = CgroupFs.parse("cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid 0 0\n");

    assertThat(fs.v1Dir("memory", "0::/system.slice/docker-abc.scope\n")).isNull();
    assertThat(fs.v2Dir("0::/system.slice/docker-abc.scope\n"))
        .isEqualTo(Path.of("/sys/fs/cgroup/system.slice/docker-abc.scope"));
  }
}
