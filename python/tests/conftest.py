"""A local SparkSession with the pais jar, shared by the Python tests (Spark is slow to start)."""

import glob
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def pais_jar():
    """The jar under test: $PAIS_JAR, or the build's shaded jar in target/."""
    jar = os.environ.get("PAIS_JAR")
    if jar:
        return str(Path(jar).resolve())
    jars = [j for j in glob.glob(str(ROOT / "target" / "pais-spark-*.jar")) if "original-" not in j]
    if not jars:
        pytest.exit("no pais jar: build it first (mvn -B package -DskipTests), or set PAIS_JAR", returncode=2)
    return jars[0]


@pytest.fixture(scope="session")
def jar():
    return pais_jar()


@pytest.fixture(scope="session")
def spark(jar):
    from pyspark.sql import SparkSession

    session = (SparkSession.builder.master("local[2]").appName("pais-python-tests")
               .config("spark.jars", jar)
               .config("spark.ui.enabled", "false")
               .config("spark.sql.shuffle.partitions", "4")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def blobs_csv():
    return str(ROOT / "data-samples" / "blobs.csv")


@pytest.fixture(scope="session")
def blobs(spark, blobs_csv):
    return spark.read.option("header", "true").option("inferSchema", "true").csv(blobs_csv)
