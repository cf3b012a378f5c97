package org.pgloadbench.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testcontainers.utility.DockerImageName;

/**
 * Whether a container's image can be had, asked once before any server starts: it is on this
 * machine, or its registry answers a pull within {@link #ANSWER}. Left to Testcontainers, an image
 * neither local nor pullable costs each server start two minutes of retries and ends in a message
 * that names neither the image's absence nor IMAGE=.
 */
final class ContainerImage {
  /**
   * How long a registry may take to start a pull: one that works sends its first line (the
   * layers it will send) within a second or two; one out of reach fails at once or never.
   */
  static final Duration ANSWER = Duration.ofSeconds(10);

  private ContainerImage() {}

  /** Why {@code image} cannot be had, in one line naming IMAGE=, or null when it can. */
  static String whyNot(DockerClient docker, String image) {
    try {
      docker.inspectImageCmd(image).exec();
      return null;
    } catch (NotFoundException absent) {
      // not on this machine: a pull must start
    }
    String why = whyNoPull(docker, image);
    return why == null
        ? null
        : ("container image %s is not on this machine and cannot be pulled (%s); build or load one"
                + " and name it with IMAGE=, see docs/targets-and-security.md")
            .formatted(image, why);
  }

  /**
   * Starts pulling {@code image}: null once the registry answers with the pull under way (which
   * goes on, for the server's start to find), else why not.
   */
  private static String whyNoPull(DockerClient docker, String image) {
    DockerImageName name = DockerImageName.parse(image);
    CompletableFuture<String> answer = new CompletableFuture<>();
    ResultCallback.Adapter<PullResponseItem> pull =
        new ResultCallback.Adapter<>() {
          @Override
          public void onNext(PullResponseItem item) {
            if (item.getErrorDetail() != null) {
              answer.complete(oneLine(item.getErrorDetail().getMessage()));
            } else if (item.getStatus() != null) {
              answer.complete(null);
            }
          }

          @Override
          public void onError(Throwable t) {
            answer.complete(engineSays(t));
          }

          @Override
          public void onComplete() {
            answer.complete(null);
          }
        };
    docker.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart()).exec(pull);
    String why;
    try {
      why = answer.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      why = "its registry did not answer within " + ANSWER.toSeconds() + " s";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      why = "interrupted while asking its registry";
    } catch (ExecutionException e) {
      why = engineSays(e.getCause()); // never: the callback completes the answer normally
    }
    if (why != null) {
      try {
        pull.close();
      } catch (IOException e) {
        // the pull failed already; nothing is left to stop
      }
    }
    return why;
  }

  /**
   * The engine's own words in a refusal: docker-java writes {@code Status 500:
   * {"message":"..."}}, the engine's JSON body after its HTTP status.
   */
  static String engineSays(Throwable t) {
    String message = t.getMessage() == null ? t.toString() : t.getMessage();
    if (t instanceof DockerException && message.matches("(?s)Status \\d+: \\{.*")) {
      try {
        JsonNode body = new ObjectMapper().readTree(message.substring(message.indexOf('{')));
        if (body.path("message").isTextual()) {
          message = body.path("message").asText();
        }
      } catch (IOException notJson) {
        // the message as docker-java wrote it
      }
    }
    return oneLine(message);
  }

  private static String oneLine(String message) {
    return message.replaceAll("\\s+", " ").strip();
  }
}
