package org.pgloadbench.results;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a machine is told apart from another in a history, and how the report names it. */
public final class Machines {
  private Machines() {}

  /** SHA-256, in hex, of the parts joined by {@code |}, a null one empty. */
  public static String sha256(Object... parts) {
    String text = Arrays.stream(parts).map(Machines::text).collect(Collectors.joining("|"));
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  /** "8 × Intel Xeon ..., 31.2 GiB, Linux 6.8": what the report shows beside a fingerprint. */
  public static String describe(String cpuModel, Integer cpus, Long memoryBytes, String os) {
    String memory =
        memoryBytes == null
            ? "memory unknown"
            : String.format(Locale.ROOT, "%.1f GiB", memoryBytes / (1024.0 * 1024 * 1024));
    return (cpus == null ? "?" : cpus) + " × " + text(cpuModel) + ", " + memory + ", " + text(os);
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }
}
