"""PrivateKMeans.fitStream: one private release per event-time window of a streaming DataFrame, published as the
job's --stream publishes it; refusals as one PaisError."""

import json
import os

import pytest
from pyspark.ml.feature import VectorAssembler

from pais import PaisError
from pais.ml import PrivateKMeans

HOUR = 3600


def _landing(folder):
    """Four files, one an hour of event time from the epoch, of two blobs; a key column of each record's place; their
    modification times in hour order (a file source reads files oldest first: out of order, a later hour's records
    would move the watermark past an earlier hour's, which would then be late)."""
    folder.mkdir()
    for f in range(4):
        lines = ["key,t,x,y"]
        for i in range(200):
            sign = 1 if i % 2 else -1
            lines.append(f"{f * 1000 + i},{f * HOUR + i * 17},{sign * 3 + (i % 7) * 0.1},{sign * 2 - (i % 5) * 0.1}")
        path = folder / f"part-{f}.csv"
        path.write_text("\n".join(lines) + "\n")
        os.utime(path, (1_700_000_000 + f * 10, 1_700_000_000 + f * 10))  # the stream reads them in this order


def _estimator(**changes):
    params = dict(k=2, maxIter=3, epsilon=1.0, clipRadius=10.0, center=[0.0, 0.0], normBound=8.0, sampler="unif",
                  sampleSize=0.5, initMode="sphere-packing", budgetSummary=0.0, dimension=2, seed=5)
    params.update(changes)
    return PrivateKMeans(**params)


def _points(spark, folder):
    rows = (spark.readStream.schema("key long, t double, x double, y double").option("header", True)
            .option("maxFilesPerTrigger", 1).csv(str(folder)))
    return VectorAssembler(inputCols=["x", "y"], outputCol="features").transform(rows)


def test_fit_stream_publishes_one_release_per_closed_window(spark, tmp_path):
    _landing(tmp_path / "landing")
    query = _estimator().fitStream(_points(spark, tmp_path / "landing"), str(tmp_path / "checkpoint"),
                                   str(tmp_path / "releases"), eventTimeCol="t", window="1h",
                                   trigger="available-now")
    query.awaitTermination()
    windows = sorted(p.name for p in (tmp_path / "releases").iterdir())
    # the fourth hour's records close the third window; the fourth stays open
    assert windows == ["window=19700101T000000Z_19700101T010000Z", "window=19700101T010000Z_19700101T020000Z",
                       "window=19700101T020000Z_19700101T030000Z"]
    report = json.loads((tmp_path / "releases" / windows[0] / "privacy-report.json").read_text())
    assert report["epsilon"] <= 1.0
    run = json.loads((tmp_path / "releases" / windows[0] / "run.json").read_text())
    assert run["stream"]["privacyModel"].startswith("event level")


def test_fit_stream_names_the_params_that_must_be_public(spark, tmp_path):
    _landing(tmp_path / "landing")
    with pytest.raises(PaisError, match=r"fitStream needs every constant .*center, normBound, maxIter") as caught:
        _estimator(center=None, normBound=None, maxIter=None).fitStream(
            _points(spark, tmp_path / "landing"), str(tmp_path / "checkpoint"), str(tmp_path / "releases"),
            eventTimeCol="t")
    assert "\n" not in str(caught.value)
    assert not (tmp_path / "checkpoint").exists()


def test_a_window_that_cannot_be_released_is_one_pais_error(spark, tmp_path):
    _landing(tmp_path / "landing")
    (tmp_path / "landing" / "part-9.csv").write_text("key,t,x,y\n9000,99999,1,nan\n")
    query = _estimator().fitStream(_points(spark, tmp_path / "landing"), str(tmp_path / "checkpoint"),
                                   str(tmp_path / "releases"), eventTimeCol="t", trigger="available-now")
    with pytest.raises(PaisError, match="cannot read the stream: a VectorAssembler met a (NaN|null)"):
        query.awaitTermination()


def test_fit_stream_bounds_the_records_of_one_user(spark, tmp_path):
    _landing(tmp_path / "landing")
    rows = (spark.readStream.schema("key long, t double, x double, y double").option("header", True)
            .csv(str(tmp_path / "landing")))
    points = VectorAssembler(inputCols=["x", "y"], outputCol="features").transform(
        rows.withColumn("user", (rows.key % 7).cast("string")))
    query = _estimator().fitStream(points, str(tmp_path / "checkpoint"), str(tmp_path / "releases"),
                                   eventTimeCol="t", trigger="available-now", userCol="user", recordsPerUser=2)
    query.awaitTermination()
    windows = sorted(p.name for p in (tmp_path / "releases").iterdir())
    assert len(windows) == 3
    run = json.loads((tmp_path / "releases" / windows[0] / "run.json").read_text())
    assert run["stream"]["privacyModel"].startswith("user level in a window: at most 2 records")


def test_fit_stream_refuses_a_user_column_without_its_bound(spark, tmp_path):
    _landing(tmp_path / "landing")
    with pytest.raises(PaisError, match="a user column needs its bound"):
        _estimator().fitStream(_points(spark, tmp_path / "landing"), str(tmp_path / "checkpoint"),
                               str(tmp_path / "releases"), eventTimeCol="t", userCol="key")
