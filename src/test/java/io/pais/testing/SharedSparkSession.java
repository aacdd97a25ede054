package io.pais.testing;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that starts one local SparkSession for the whole test run and stops it when the run ends.
 * Spark takes seconds to start, so every test class that uses {@code @ExtendWith(SharedSparkSession.class)}
 * shares it. Tests get it as a {@link SparkSession} parameter or through {@link #session()}.
 */
public final class SharedSparkSession implements BeforeAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedSparkSession.class);
  private static volatile SparkSession current;

  /** Holds the session in the root store, which JUnit closes at the end of the run. */
  private static final class Holder implements ExtensionContext.Store.CloseableResource {
    private final SparkSession spark;

    Holder() {
      spark = SparkSession.builder()
          .master("local[2]")
          .appName("pais-tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "4")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.sql.warehouse.dir", System.getProperty("java.io.tmpdir") + "/pais-test-warehouse")
          .getOrCreate();
    }

    @Override
    public void close() {
      spark.stop();
      current = null;
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    current = context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(Holder.class, type -> new Holder(), Holder.class).spark;
  }

  /** The shared session; only valid in a class that uses this extension. */
  public static SparkSession session() {
    if (current == null) {
      throw new IllegalStateException("annotate the test class with @ExtendWith(SharedSparkSession.class)");
    }
    return current;
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == SparkSession.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return session();
  }
}
