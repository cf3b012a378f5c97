package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The block device a directory's file system lives on, as a cgroup's throttle names it ({@code
 * major:minor}): from the directory's device number ({@code stat}), through {@code /sys/dev/block};
 * for a partition, its whole disk, where the kernel throttles.
 */
final class BlockDevice {
  private static final Path SYS_DEV_BLOCK = Path.of("/sys/dev/block");
  private static final String REMEDY =
      "give --work-dir a directory on a disk (the servers' data directories go there), or leave"
          + " the disk limit out";

  private BlockDevice() {}

  /**
   * The whole disk holding {@code dir}, as {@code major:minor}; throws with what to do when its
   * file system has none (tmpfs, overlay: device numbers of major 0 that {@code /sys/dev/block} does
   * not list).
   */
  static String of(Path dir) throws ServerException {
    long dev;
    try {
      dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      throw new ServerException(
          "cannot tell which disk holds " + dir + " (" + e.getMessage() + "); " + REMEDY, e);
    }
    String device = major(dev) + ":" + minor(dev);
    Path sys = SYS_DEV_BLOCK.resolve(device);
    if (major(dev) == 0 || !Files.exists(sys)) {
      throw new ServerException(
          ("%s is on a file system without a block device (%s, device %s), so there is no disk"
                  + " to limit; %s")
              .formatted(dir, fileSystem(dir), device, REMEDY));
    }
    return wholeDisk(sys, device);
  }

  /** A partition's disk: the directory above it in sysfs, which has its own {@code dev}. */
  private static String wholeDisk(Path sys, String device) {
    try {
      Path real = sys.toRealPath();
      if (Files.exists(real.resolve("partition"))
          && Files.isRegularFile(real.getParent().resolve("dev"))) {
        return Files.readString(real.getParent().resolve("dev")).strip();
      }
    } catch (IOException e) {
      // the device as it is: the throttle says so if it will not take it
    }
    return device;
  }

  /**
   * The device node of {@code device} ({@code major:minor}), as {@code /dev/<name>} from its
   * sysfs {@code uevent}: how Docker's device options name a disk.
   */
  static String node(String device) throws ServerException {
    try {
      for (String line : Files.readAllLines(SYS_DEV_BLOCK.resolve(device).resolve("uevent"))) {
        if (line.startsWith("DEVNAME=")) {
          return "/dev/" + line.substring("DEVNAME=".length()).strip();
        }
      }
    } catch (IOException e) {
      // said below
    }
    throw new ServerException("no device node for block device " + device + " in /sys/dev/block");
  }

  /** The file system type of {@code dir}, for the message; {@code unknown} if it cannot be read. */
  private static String fileSystem(Path dir) {
    try {
      return Files.getFileStore(dir).type();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** Linux's encoding of a device number (glibc's {@code gnu_dev_major}). */
  static long major(long dev) {
    return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & 0xfffff000L);
  }

  static long minor(long dev) {
    return (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
  }
}
