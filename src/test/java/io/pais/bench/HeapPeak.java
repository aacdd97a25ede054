package io.pais.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The largest heap in use right after a garbage collection since {@link #start()}: what the run kept alive at its
 * fullest, garbage excluded. (Summing each heap pool's own peak overstates it: the pools peak at different times.)
 */
final class HeapPeak {
  private final AtomicLong peak = new AtomicLong();

  private HeapPeak() {}

  static HeapPeak start() {
    HeapPeak out = new HeapPeak();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
          GarbageCollectionNotificationInfo info =
              GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
          long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream().mapToLong(MemoryUsage::getUsed)
              .sum();
          out.peak.accumulateAndGet(used, Math::max);
        }
      }, null, null);
    }
    return out;
  }

  /** Starts a new peak from the heap in use now, after a collection. */
  void reset() {
    System.gc();
    try {
      Thread.sleep(200); // the last collections' notifications arrive on another thread: let them land first
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Runtime runtime = Runtime.getRuntime();
    peak.set(runtime.totalMemory() - runtime.freeMemory());
  }

  /** The peak so far, after a final collection (so that a run without one still has a figure), in bytes. */
  long bytes() {
    System.gc();
    try {
      Thread.sleep(200); // the notification arrives on another thread
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return peak.get();
  }
}
