package io.pais.sampling.spark;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Function;

/** Lazy iterators over a partition: one element at a time, so a task never holds the partition. */
final class Iterators {
  private Iterators() {}

  /** The non-null images of {@code in}'s elements under {@code f}, in order. */
  static <A, B> Iterator<B> mapNonNull(Iterator<A> in, Function<A, B> f) {
    return new Iterator<>() {
      private B next;

      @Override
      public boolean hasNext() {
        while (next == null && in.hasNext()) {
          next = f.apply(in.next());
        }
        return next != null;
      }

      @Override
      public B next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        B out = next;
        next = null;
        return out;
      }
    };
  }
}
