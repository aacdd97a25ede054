"""The private preprocessing stages and PrivatePipeline from PySpark (issue 50, item 2)."""

import numpy as np
import pytest
from pyspark.ml import Pipeline, PipelineModel
from pyspark.ml.feature import MinMaxScaler, StandardScaler, StringIndexerModel, VectorAssembler
from pyspark.sql import functions as F

from pais import PaisError
from pais.ml import BoxScaler, PrivateKMeans, PrivatePipeline, PrivateStandardScaler, PrivateStandardScalerModel

FEATURES = ["x1", "x2", "x3", "x4", "x5"]


def assembler():
    return VectorAssembler(inputCols=FEATURES, outputCol="raw")


def scaler(**params):
    settings = dict(inputCol="raw", outputCol="features", bounds="-20:20", epsilon=0.5, withMean=True, seed=6)
    settings.update(params)
    return PrivateStandardScaler(**settings)


def kmeans():
    return PrivateKMeans(k=4, bounds="-4:4", epsilon=1.0, seed=5)


def test_the_private_scaler_releases_dp_moments_near_the_exact_ones_and_saves(spark, blobs, tmp_path):
    data = assembler().transform(blobs)
    model = scaler().fit(data)
    exact = np.array([row.raw.toArray() for row in data.select("raw").collect()])
    assert np.allclose(model.mean.toArray(), exact.mean(axis=0), atol=0.2)
    assert np.allclose(model.std.toArray(), exact.std(axis=0), atol=0.4)
    report = model.privacyReport()
    assert report["epsilon"] == 0.5 and [e["stage"] for e in report["ledger"]] == [
        "scaler: count", "scaler: sums", "scaler: squares"]
    row = model.transform(data).select("raw", "features").first()
    expected = (row.raw.toArray() - model.mean.toArray()) / model.std.toArray()
    assert np.allclose(row.features.toArray(), expected)
    model.write().save(str(tmp_path / "scaler"))
    loaded = PrivateStandardScalerModel.load(str(tmp_path / "scaler"))
    assert np.array_equal(loaded.mean.toArray(), model.mean.toArray()) and loaded.privacyReport() == report


def test_the_private_scalers_bad_params_are_one_pais_error_each(spark, blobs):
    with pytest.raises(PaisError, match="epsilon must be in"):
        PrivateStandardScaler(epsilon=float("nan"))
    with pytest.raises(PaisError) as refused:
        PrivateStandardScaler(inputCol="raw", outputCol="f", epsilon=1.0).fit(assembler().transform(blobs))
    assert str(refused.value).startswith("bounds must be set") and "\n" not in str(refused.value)


def test_the_box_scaler_maps_the_box_onto_the_unit_cube(spark, blobs):
    out = BoxScaler(inputCol="raw", outputCol="features", bounds="-20:20").transform(assembler().transform(blobs))
    row = out.select("raw", "features").first()
    assert np.allclose(row.features.toArray(), row.raw.toArray() / 20)


def test_a_private_pipeline_refuses_a_scaler_fitted_without_privacy_in_one_line(spark, blobs):
    for stage, alternative in ((StandardScaler(inputCol="raw", outputCol="features"), "use PrivateStandardScaler"),
                               (MinMaxScaler(inputCol="raw", outputCol="features"), "use BoxScaler")):
        with pytest.raises(PaisError) as refused:
            PrivatePipeline(stages=[assembler(), stage, kmeans()]).fit(blobs)
        message = str(refused.value)
        assert message.startswith("PrivatePipeline: stage 2 (%s %s) would be fitted on the data without privacy"
                                  % (type(stage).__name__, stage.uid)), message
        assert alternative in message and "\n" not in message and "Py4J" not in message


def test_a_private_pipeline_fits_private_stages_composes_their_report_and_saves(spark, blobs, tmp_path):
    pipeline = PrivatePipeline(stages=[assembler(), scaler(), kmeans()])
    fitted = pipeline.fit(blobs)
    report = PrivatePipeline.privacyReport(fitted)
    assert report["epsilon"] == 1.5
    assert [s["stage"] for s in report["stages"]] == ["PrivateStandardScalerModel", "PrivateKMeansModel"]
    fitted.write().save(str(tmp_path / "model"))
    assert PrivatePipeline.privacyReport(PipelineModel.load(str(tmp_path / "model")))["epsilon"] == 1.5
    declared = pipeline.copy().declareFittedOnPublicData(pipeline.getStages()[0])
    declared.write().save(str(tmp_path / "pipeline"))
    loaded = PrivatePipeline.load(str(tmp_path / "pipeline"))
    assert isinstance(loaded, PrivatePipeline) and len(loaded.getStages()) == 3
    assert loaded.getPublicStages() == [pipeline.getStages()[0].uid]
    assert PrivatePipeline.privacyReport(loaded.fit(blobs))["epsilon"] == 1.5


def test_a_model_fitted_elsewhere_passes_only_when_declared_public(spark, blobs):
    data = blobs.withColumn("group", F.when(F.col("label") == 0, "a").otherwise("b"))
    indexer = StringIndexerModel.from_labels(["a", "b"], inputCol="group", outputCol="groupIndex")
    stages = [indexer, VectorAssembler(inputCols=FEATURES + ["groupIndex"], outputCol="features"),
              PrivateKMeans(k=4, bounds="-15:15", epsilon=1.0, seed=2)]
    with pytest.raises(PaisError, match="is a fitted model"):
        PrivatePipeline(stages=stages).fit(data)
    fitted = PrivatePipeline(stages=stages).declareFittedOnPublicData(indexer).fit(data)
    assert fitted.stages[-1].privacyReport()["dimension"] == 6
    # a plain Pipeline checks none of this: with the dimension given, the trap fits and its scaler holds exact moments
    trap = Pipeline(stages=[assembler(), StandardScaler(inputCol="raw", outputCol="features"),
                            PrivateKMeans(k=4, bounds="-4:4", epsilon=1.0, seed=5, dimension=5)]).fit(blobs)
    exact_means = np.array(blobs.select(*[F.avg(c) for c in FEATURES]).first())
    assert np.allclose(trap.stages[1].mean.toArray(), exact_means)


@pytest.mark.parametrize("stage", [PrivateStandardScaler, BoxScaler, PrivatePipeline])
def test_every_jvm_param_has_a_python_twin_with_its_default(spark, stage):
    python = stage(stages=[]) if stage is PrivatePipeline else stage()
    java = python._to_java() if stage is PrivatePipeline else python._java_obj
    assert {p.name for p in python.params} == {p.name() for p in java.params()}
    for java_param in java.params():
        if java.hasDefault(java_param):
            value = java.getDefault(java_param).get()
            assert python.getOrDefault(java_param.name()) == (list(value) if stage is PrivatePipeline else value)
