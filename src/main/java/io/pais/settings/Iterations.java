package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;

/** The number of DP-Lloyd iterations T: fixed, or chosen by the iteration policy from public values and the plan. */
public sealed interface Iterations extends Serializable {
  /** The most DP-Lloyd iterations: each is a pass over the sample and splits ε further (auto picks 2 to 7). */
  int MAX = 100;

  /** T given by the user. */
  record Fixed(int count) implements Iterations {
    public Fixed {
      Checks.require(count >= 1 && count <= MAX, "iterations must be a whole number in [1, " + MAX + "], or auto, got "
          + count);
    }

    @Override
    public int smallest() {
      return count;
    }

    @Override
    public String describe() {
      return Integer.toString(count);
    }
  }

  /** T chosen by {@link io.pais.accounting.IterationPolicy} ({@code --iterations auto}). */
  record Auto() implements Iterations {
    @Override
    public int smallest() {
      return io.pais.accounting.IterationPolicy.MIN_ITERATIONS;
    }

    @Override
    public String describe() {
      return "auto";
    }
  }

  /**
   * The smallest T this choice can run: the user's, or the policy's smallest (which gives each iteration the most
   * ε). A plan that exists at it is one the planner can fall back to, so whether a plan exists is checked there.
   */
  int smallest();

  /** As {@code --iterations} takes it: the count, or auto. */
  String describe();

  static Iterations fixed(int count) {
    return new Fixed(count);
  }

  static Iterations auto() {
    return new Auto();
  }

  /** {@code --iterations}: a whole number in [1, {@link #MAX}], or {@code auto}. */
  static Iterations parse(String value) {
    Checks.notNull("iterations", value);
    if (value.strip().equals("auto")) {
      return auto();
    }
    int count = 0;
    try {
      count = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      // named below
    }
    Checks.require(count >= 1, "iterations must be a whole number >= 1 or auto, got '" + value + "'");
    return fixed(count);
  }

  /** MLlib's {@code maxIter}, where 0 stands for auto. */
  static Iterations ofMaxIter(int maxIter) {
    return maxIter == 0 ? auto() : fixed(maxIter);
  }
}
