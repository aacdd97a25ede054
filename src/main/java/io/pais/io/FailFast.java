package io.pais.io;

import org.apache.spark.ExceptionFailure;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Fails a Spark job at the first task that throws an {@link InputException}: bad input cannot heal by
 * retrying, and Spark would otherwise re-run the task up to {@code spark.task.maxFailures} times (four on a
 * cluster) before giving up. The stage is cancelled with the exception's message as the reason, which
 * {@link InputException#find} recovers from the job's failure. Other failures (a lost executor, a flaky read)
 * keep Spark's retries.
 */
public final class FailFast extends SparkListener implements AutoCloseable {
  private final SparkContext context;

  private FailFast(SparkContext context) {
    this.context = context;
  }

  /** Watches {@code context} until closed. */
  public static FailFast watch(SparkContext context) {
    FailFast watcher = new FailFast(context);
    context.addSparkListener(watcher);
    return watcher;
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    if (end.reason() instanceof ExceptionFailure failure
        && InputException.class.getName().equals(failure.className())) {
      context.cancelStage(end.stageId(), InputException.class.getName() + ": " + failure.description());
    }
  }

  @Override
  public void close() {
    context.removeSparkListener(this);
  }
}
