package io.pais.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Optional;

/**
 * The process that owns a run's temporary files: its host, its pid and the instant the process started (a pid is
 * reused; the pair is not). A later run on the same host can prove the owner gone — no live process has that pid
 * with that start — and only then treats what it left as abandoned; an owner on another host, or one whose start
 * the operating system does not give, is never proven gone.
 *
 * @param host the host name
 * @param pid the process id
 * @param started when the process started (ISO-8601), or "" when the operating system does not say
 */
public record RunOwner(String host, long pid, String started) {

  /** This process. */
  public static RunOwner current() {
    ProcessHandle self = ProcessHandle.current();
    return new RunOwner(hostName(), self.pid(), startOf(self));
  }

  /** The owner recorded in {@code json}, or null when it is not one. */
  static RunOwner fromJson(JsonNode json) {
    if (json == null || !json.path("host").isTextual() || !json.path("pid").canConvertToLong()
        || !json.path("started").isTextual()) {
      return null;
    }
    return new RunOwner(json.get("host").asText(), json.get("pid").asLong(), json.get("started").asText());
  }

  ObjectNode toJson() {
    return JsonNodeFactory.instance.objectNode().put("host", host).put("pid", pid).put("started", started);
  }

  /** Whether this owner provably no longer runs: same host, and no live process with its pid and start. */
  public boolean isProvablyGone() {
    if (started.isEmpty() || host.isEmpty() || !host.equals(hostName())) {
      return false;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    return process.isEmpty() || !process.get().isAlive() || !started.equals(startOf(process.get()));
  }

  private static String startOf(ProcessHandle process) {
    return process.info().startInstant().map(Instant::toString).orElse("");
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return ""; // never proven the same host
    }
  }
}
