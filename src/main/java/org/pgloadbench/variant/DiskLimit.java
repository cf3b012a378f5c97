package org.pgloadbench.variant;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How fast a server the harness starts may read and write the block device that holds its data
 * directory ({@code servers.disk}, {@code DISK=}, the {@code disk} axis): bytes and operations per
 * second each way, 0 where that way is not limited. Written as {@code
 * read=200MB/s,write=100MB/s,read_iops=3000,write_iops=3000} (any subset; MB is 10^6 bytes, MiB
 * 2^20) or as a {@link Profile}'s name; {@code none} leaves the disk as it is.
 *
 * <p>{@code io=direct} (with the limits or alone) runs the server with {@code debug_io_direct =
 * 'data,wal'} (PostgreSQL 16 and later): its data files and WAL bypass the kernel's page cache, so
 * that every byte it writes is written by its own processes, through the throttle, and its cache
 * is shared_buffers alone. Buffered I/O (the default, {@code io=buffered}) leaves dirty pages to
 * the kernel, whose writeback cgroup v1 charges to no one: under a memory cap, which forces them
 * out early, most of a load's writes then escape the throttle.
 *
 * @param text the limit as results and labels show it: {@code none}, a profile's name, or its
 *     figures in one spelling ({@link #canonical}), then {@code ,io=direct} for direct I/O, so that
 *     a limit written in another order or unit is the same value, one cell and one server start
 * @param direct whether the server runs with direct I/O
 */
public record DiskLimit(
    String text, long readBytes, long writeBytes, long readIops, long writeIops, boolean direct)
    implements ServerPart {

  public static final DiskLimit NONE = new DiskLimit("none", 0, 0, 0, 0, false);

  /** The first PostgreSQL major with direct I/O ({@code debug_io_direct}). */
  public static final int DIRECT_IO_SINCE = 16;

  /** The setting a direct-I/O server runs with, and its value. */
  public static final String DIRECT_IO_SETTING = "debug_io_direct";

  public static final String DIRECT_IO_VALUE = "data,wal";

  /**
   * Disks the harness can stand in for, each by its published figures; the README (docs) names the
   * source of each. A cgroup throttles reads and writes separately, so a device whose figure is
   * shared by both (gp3's IOPS) gets it each way.
   */
  public enum Profile {
    /** AWS EBS gp3 baseline: 3,000 IOPS and 125 MiB/s (Amazon EBS User Guide, volume types). */
    GP3("read=125MiB/s,write=125MiB/s,read_iops=3000,write_iops=3000"),
    /**
     * A 7200 rpm SATA disk: 175 MB/s sustained at the outer tracks (Seagate Constellation ES.3
     * product manual), and 80 random operations a second, 1 / (8.2 ms average seek, HGST Ultrastar
     * 7K4000 specification, + 4.16 ms average rotational latency at 7200 rpm).
     */
    HDD_7200("read=175MB/s,write=175MB/s,read_iops=80,write_iops=80"),
    /**
     * A SATA SSD: Samsung 870 EVO data sheet, 560 MB/s sequential read, 530 MB/s write, 98,000 and
     * 88,000 random 4 KB IOPS (queue depth 32).
     */
    SATA_SSD("read=560MB/s,write=530MB/s,read_iops=98000,write_iops=88000");

    private final String limits;

    Profile(String limits) {
      this.limits = limits;
    }

    public String profileName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The profile's figures, written as a limit is. */
    public String limits() {
      return limits;
    }

    public static List<String> names() {
      return Arrays.stream(values()).map(Profile::profileName).toList();
    }
  }

  private static final String RATE = "[1-9][0-9]{0,8}(B|kB|KiB|MB|MiB|GB|GiB)/s";
  private static final String COUNT = "[1-9][0-9]{0,8}";
  private static final String PART = "((read|write)=" + RATE + "|(read|write)_iops=" + COUNT + ")";
  private static final String IO = "io=(direct|buffered)";

  /**
   * What a limit may be written as, for a schema: {@code none}, a profile, or parts joined by
   * commas, each optionally followed by {@code ,io=direct} (or {@code buffered}), or that alone;
   * {@link #parse} also refuses a way given twice.
   */
  public static final String PATTERN =
      "none|((%s|%s(,%s){0,3})(,%s)?)|%s"
          .formatted(String.join("|", Profile.names()), PART, PART, IO, IO);

  private static final Pattern ONE = Pattern.compile("(read|write)(_iops)?=([0-9]+)([A-Za-z]*)/?s?");

  /** A limit as written, or empty when it is not one (zero, negative, an unknown unit or name). */
  public static Optional<DiskLimit> parse(String text) {
    if (text == null || !text.matches(PATTERN)) {
      return Optional.empty();
    }
    if (text.equals("none")) {
      return Optional.of(NONE);
    }
    boolean direct = text.endsWith("io=direct");
    String limits = text.replaceFirst(",?" + IO + "$", "");
    Optional<Profile> profile =
        Arrays.stream(Profile.values()).filter(p -> p.profileName().equals(limits)).findFirst();
    String parts = profile.map(Profile::limits).orElse(limits);
    long[] ways = new long[4];
    for (String part : parts.isEmpty() ? new String[0] : parts.split(",")) {
      Matcher m = ONE.matcher(part);
      if (!m.matches()) {
        return Optional.empty();
      }
      int way = (m.group(1).equals("read") ? 0 : 1) + (m.group(2) == null ? 0 : 2);
      if (ways[way] != 0) {
        return Optional.empty(); // the same way twice
      }
      long n = Long.parseLong(m.group(3));
      ways[way] = m.group(2) == null ? Math.multiplyExact(n, unit(m.group(4))) : n;
    }
    String figures = profile.isPresent() ? limits : canonical(ways);
    if (figures.isEmpty() && !direct) {
      return Optional.of(NONE); // io=buffered alone: the disk as it is
    }
    String shown = direct ? (figures.isEmpty() ? "" : figures + ",") + "io=direct" : figures;
    return Optional.of(new DiskLimit(shown, ways[0], ways[1], ways[2], ways[3], direct));
  }

  /** Largest first: a rate is written in the first that holds it whole. */
  private static final List<String> UNITS = List.of("GiB", "GB", "MiB", "MB", "KiB", "kB", "B");

  /**
   * Figures (read and write bytes, read and write operations per second; 0 for a way not limited)
   * as one text whatever the order and units they were written in: {@code read=}, {@code write=},
   * {@code read_iops=}, {@code write_iops=}, each rate in the largest unit that holds it whole
   * ({@code 60000kB/s} is {@code 60MB/s}).
   */
  static String canonical(long[] ways) {
    List<String> parts = new ArrayList<>();
    for (int way = 0; way < 4; way++) {
      if (ways[way] == 0) {
        continue;
      }
      String name = (way % 2 == 0 ? "read" : "write") + (way < 2 ? "=" : "_iops=");
      parts.add(name + (way < 2 ? rate(ways[way]) : Long.toString(ways[way])));
    }
    return String.join(",", parts);
  }

  private static String rate(long bytes) {
    String unit = UNITS.stream().filter(u -> bytes % unit(u) == 0).findFirst().orElseThrow();
    return bytes / unit(unit) + unit + "/s";
  }

  private static long unit(String unit) {
    return switch (unit) {
      case "B" -> 1;
      case "kB" -> 1000;
      case "KiB" -> 1024;
      case "MB" -> 1000_000;
      case "MiB" -> 1L << 20;
      case "GB" -> 1000_000_000;
      default -> 1L << 30; // GiB
    };
  }

  /** What to write instead of a limit that is not one. */
  public static String hint() {
    return "use none, a disk ("
        + String.join(", ", Profile.names())
        + ") or limits above 0 joined by commas, e.g. read=200MB/s,write=100MB/s,read_iops=3000,"
        + "write_iops=3000 (units B, kB, MB, GB, KiB, MiB, GiB per second), each optionally"
        + " followed by ,io=direct (PostgreSQL 16 and later), or io=direct alone";
  }

  /** Whether the disk is left as it is: no throttle and buffered I/O. */
  @Override
  public boolean isNone() {
    return !throttled() && !direct;
  }

  /** Whether any way of the disk is held to a rate. */
  public boolean throttled() {
    return readBytes > 0 || writeBytes > 0 || readIops > 0 || writeIops > 0;
  }

  /**
   * Why a server of PostgreSQL {@code major} cannot run with this limit, in one line with what to
   * do, or null when it can.
   */
  public String whyNot(int major) {
    return direct && major < DIRECT_IO_SINCE
        ? String.format(
            Locale.ROOT,
            "io=direct needs PostgreSQL %d or later (debug_io_direct), and %d has none; use"
                + " io=buffered (whose writes a memory cap lets escape a cgroup v1 throttle) or a"
                + " later version",
            DIRECT_IO_SINCE,
            major)
        : null;
  }

  /** How a cell label shows it: {@code gp3}, {@code none}, {@code r60MBps-w30MBps}. */
  public String label() {
    if (text.matches("[a-z0-9-]+")) {
      return text;
    }
    return text.replace("read_iops=", "riops")
        .replace("write_iops=", "wiops")
        .replace("read=", "r")
        .replace("write=", "w")
        .replace("/s", "ps")
        .replace("io=", "")
        .replace(',', '-');
  }

  /**
   * The least time this much I/O takes under the limit, in seconds: each limited way's bytes or
   * operations over its rate, the largest of them (the throttle holds each way on its own).
   */
  public double leastSeconds(double read, double written, double reads, double writes) {
    return Math.max(
        Math.max(over(read, readBytes), over(written, writeBytes)),
        Math.max(over(reads, readIops), over(writes, writeIops)));
  }

  private static double over(double amount, long rate) {
    return rate == 0 || Double.isNaN(amount) ? 0 : amount / rate;
  }

  /** Direct I/O's setting, for a server run with it. */
  @Override
  public void addSettings(Map<String, String> settings) {
    if (direct) {
      settings.put(DIRECT_IO_SETTING, DIRECT_IO_VALUE);
    }
  }

  @Override
  public String shown() {
    return "disk " + text;
  }

  @Override
  public String toString() {
    return text;
  }
}
