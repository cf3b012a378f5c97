package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {
  /**
   * A family's class initialized before Axis must not leave an axis null (when families held their
   * axes, Axis failed to initialize): in a class loader of its own, where neither class has been
   * initialized yet.
   */
  @Test
  void aFamilyInitializedFirstLeavesNoAxisNull() throws Exception {
    List<URL> classPath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classPath.add(Path.of(entry).toUri().toURL());
    }
    for (String family : List.of("TableAxes", "ServerAxes")) {
      try (URLClassLoader fresh =
          new URLClassLoader(classPath.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
        Class.forName("org.pgloadbench.scenario." + family, true, fresh);
        Class<?> axis = Class.forName("org.pgloadbench.scenario.Axis", true, fresh);
        assertThat(axis).isNotSameAs(Axis.class);
        assertThat((List<?>) axis.getField("ALL").get(null))
            .as("Axis.ALL after %s", family)
            .hasSize(Axis.ALL.size())
            .doesNotContainNull();
        assertThat(axis.getField("LOADER").get(null))
            .as("Axis.LOADER after %s", family)
            .isNotNull();
      }
    }
  }
}
