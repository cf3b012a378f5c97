package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.exception.DockerException;
import org.junit.jupiter.api.Test;

/** The engine's words in an image's refusal, without docker-java's wrapping. */
class ContainerImageTest {
  @Test
  void anEngineRefusalIsItsOwnMessageOnOneLine() {
    String body =
        "{\"message\":\"Get \\\"https://registry-1.docker.io/v2/\\\": dial tcp:\\n no such host\"}";
    assertThat(ContainerImage.engineSays(new DockerException(body, 500)))
        .isEqualTo("Get \"https://registry-1.docker.io/v2/\": dial tcp: no such host");
    assertThat(ContainerImage.engineSays(new DockerException("not json", 404)))
        .isEqualTo("Status 404: not json");
    assertThat(ContainerImage.engineSays(new IllegalStateException("socket\n closed")))
        .isEqualTo("socket closed");
  }
}
