package io.pais.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What runs killed while writing one output left beside it, removed only where their lock proves the owner gone
 * ({@link RunOwner#isProvablyGone}): the temporary directory, the reservation while it is still an empty directory,
 * and the lock. An earlier release a killed run had moved aside is put back when the output's place is free, and
 * otherwise left where it is. Anything without such a lock — a run on another host, one still running, a file of
 * the user's — is left alone.
 */
final class AbandonedRuns {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FileSystem fs;
  private final Configuration conf;
  private final Path output;

  AbandonedRuns(FileSystem fs, Configuration conf, Path output) {
    this.fs = fs;
    this.conf = conf;
    this.output = output;
  }

  /** Removes what runs proven gone left; one line for each such run, for the operator. */
  List<String> remove() {
    List<String> notes = new ArrayList<>();
    Path parent = output.getParent();
    String lockPrefix = OutputGuard.Sibling.LOCK.prefix(output);
    try {
      if (!fs.exists(parent)) {
        return notes;
      }
      for (FileStatus status : fs.listStatus(parent)) {
        String name = status.getPath().getName();
        if (!status.isFile() || !name.startsWith(lockPrefix)) {
          continue;
        }
        JsonNode record = read(status.getPath());
        RunOwner owner = RunOwner.fromJson(record);
        if (owner == null || !owner.isProvablyGone()) {
          continue;
        }
        String id = name.substring(lockPrefix.length());
        notes.add(clean(id, record.path("reserved").asBoolean(false), owner, status.getPath()));
      }
    } catch (IOException | RuntimeException e) {
      // nothing proven, nothing removed: the writer's own checks say what is wrong with the parent
    }
    return notes;
  }

  private String clean(String id, boolean reserved, RunOwner owner, Path lock) throws IOException {
    fs.delete(OutputGuard.Sibling.TEMPORARY.of(output, id), true);
    String outcome = "removed its temporary directory";
    if (reserved && isEmptyDirectory(output) && fs.delete(output, false)) {
      outcome += " and the empty directory it had made at the output";
    }
    Path aside = OutputGuard.Sibling.SET_ASIDE.of(output, id);
    if (fs.exists(aside)) {
      outcome += fs.exists(output) ? "; the earlier release it had moved aside stays at " + aside
          : DirectoryRename.withoutReplacing(fs, conf, aside, output) ? "; the earlier release it had moved aside is "
              + "back at the output" : "; the earlier release it had moved aside stays at " + aside;
    }
    fs.delete(lock, false);
    return "a run on this host (pid " + owner.pid() + ") stopped while writing " + output + " and is gone: "
        + outcome;
  }

  private boolean isEmptyDirectory(Path dir) throws IOException {
    return fs.exists(dir) && fs.getFileStatus(dir).isDirectory() && fs.listStatus(dir).length == 0;
  }

  private JsonNode read(Path file) {
    try (InputStream in = fs.open(file)) {
      return JSON.readTree(in);
    } catch (IOException e) {
      return null;
    }
  }
}
