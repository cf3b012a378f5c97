package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class VersionsTest {
  @Test
  void ordersByNumbersNotText() {
    List<String> versions = List.of("17.6", "9.6.24", "10.1", "16.10", "16.9", "9.6");
    assertThat(versions.stream().sorted(Versions.ORDER).toList())
        .containsExactly("9.6", "9.6.24", "10.1", "16.9", "16.10", "17.6");
  }

  @Test
  void theMajorVersionIsTheFirstNumber() {
    assertThat(Versions.major("17.6.0")).isEqualTo(17);
    assertThat(Versions.major("18beta1")).isEqualTo(18);
  }

  /**
   * What a server reports (SHOW server_version, postgres --version) becomes its leading version
   * token: a server the harness does not own may report anything, and the version goes into reports
   * and file names.
   */
  @Test
  void aReportedVersionIsItsLeadingTokenOnly() throws ServerException {
    assertThat(Versions.label("17.6")).isEqualTo("17.6");
    assertThat(Versions.label("17.6 (Debian 17.6-1.pgdg120+1)")).isEqualTo("17.6");
    assertThat(Versions.label("18devel")).isEqualTo("18devel");
    assertThat(Versions.label("16.10-1_rc.2\n")).isEqualTo("16.10-1_rc.2");
    assertThat(Versions.label("17.6<script>alert(1)</script>")).isEqualTo("17.6");
    assertThat(Versions.label("17.6`|x")).isEqualTo("17.6");
    assertThat(Versions.label("17.6\n## heading")).isEqualTo("17.6");
    assertThat(Versions.label("1" + "7".repeat(200))).hasSize(64);
    for (String notAVersion : new String[] {"<img src=x>17", "", "PostgreSQL 17", "v17"}) {
      assertThatThrownBy(() -> Versions.label(notAVersion))
          .isInstanceOf(ServerException.class)
          .hasMessageNotContaining("<");
    }
    assertThatThrownBy(() -> Versions.label(null)).isInstanceOf(ServerException.class);
  }
}
