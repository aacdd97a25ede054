package io.pais.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pais.io.EventLines;
import io.pais.io.InputException;
import io.pais.io.TimedPoint;
import io.pais.sampling.SamplingKeys;
import io.pais.testing.SharedSparkSession;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A source with Kafka's schema: each value a delimited line keyed by its partition and offset (the micro-batch a
 * foreachBatch receives is a plain DataFrame, so it is tested as one); without the connector, one line that says how
 * to add it.
 */
@ExtendWith(SharedSparkSession.class)
class StreamSourceTest {

  @Test
  void kafkaRowsAreKeyedByPartitionAndOffset(SparkSession spark) {
    StructType schema = new StructType().add("value", DataTypes.StringType).add("partition", DataTypes.IntegerType)
        .add("offset", DataTypes.LongType);
    Dataset<Row> rows = spark.createDataFrame(List.of(RowFactory.create("100,1.5,2", 0, 7L),
        RowFactory.create("101,3,4", 2, 0L), RowFactory.create("", 2, 1L)), schema);
    StreamSource source = new StreamSource("kafka", null, Map.of(), new EventLines(",", false, "0", null, List.of(),
        List.of(), 2));
    StreamInput.Batch batch = source.records(rows, 5);
    List<TimedPoint> records = batch.records().collect().stream().sorted(Comparator.comparingLong(TimedPoint::key))
        .toList();
    assertEquals(5, batch.filesSeen());
    assertEquals(2, records.size(), "a blank value is no record");
    assertEquals(SamplingKeys.partitionPosition(0, 7), records.get(0).key());
    assertEquals(100_000, records.get(0).eventMillis());
    assertArrayEquals(new double[] {1.5, 2}, records.get(0).x());
    assertEquals(SamplingKeys.partitionPosition(2, 0), records.get(1).key());
  }

  @Test
  void aBadLineNamesItsPartitionAndOffsetNotItsValue(SparkSession spark) {
    StructType schema = new StructType().add("value", DataTypes.StringType).add("partition", DataTypes.IntegerType)
        .add("offset", DataTypes.LongType);
    Dataset<Row> rows = spark.createDataFrame(List.of(RowFactory.create("100,secret,2", 3, 9L)), schema);
    StreamSource source = new StreamSource("kafka", null, Map.of(), new EventLines(",", false, "0", null, List.of(),
        List.of(), 2));
    Exception e = assertThrows(Exception.class, () -> source.records(rows, 0).records().collect());
    InputException input = InputException.find(e);
    assertTrue(input != null && input.getMessage().startsWith("partition 3 offset 9: non-numeric field in column 1"),
        String.valueOf(input));
    assertTrue(!input.getMessage().contains("secret"));
  }

  @Test
  void kafkaWithoutItsConnectorSaysHowToAddIt(SparkSession spark) {
    StreamSource source = new StreamSource("kafka", null, Map.of("subscribe", "points"), new EventLines(",", false,
        "0", null, List.of(), List.of(), 2));
    InputException e = assertThrows(InputException.class, () -> source.open(spark));
    assertTrue(e.getMessage().contains("--packages org.apache.spark:spark-sql-kafka-0-10_2.1"), e.getMessage());
  }
}
