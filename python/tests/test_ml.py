"""The PySpark API of pais against the JVM estimator: params, pipelines, persistence, the report, refusals."""

import dataclasses
import json
import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from pyspark.ml import Pipeline, PipelineModel
from pyspark.ml.clustering import KMeansModel
from pyspark.ml.feature import VectorAssembler
from pyspark.ml.tuning import ParamGridBuilder

from pais import PaisError
from pais.ml import PrivateKMeans, PrivateKMeansModel, PrivateKMeansSummary, read_privacy_report

FEATURES = ["x1", "x2", "x3", "x4", "x5"]

# a valid value other than the default for every param (cross-param rules are checked at fit, not here)
SAMPLE_VALUES = {
    "k": 7, "maxIter": 4, "seed": 12345, "featuresCol": "f", "dimension": 5, "predictionCol": "p", "epsilon": 1.5,
    "sampler": "core", "sampleSize": 0.1, "lambda": 0.3, "geometry": "l1", "normBound": 4.5, "center": [1.0, 2.0],
    "preprocessing": "public", "initMode": "random-ball", "guards": False, "offsetClip": "0.25", "privacyMode": "paper",
    "clipRadius": 9.0,
    "origin": [0.5, -0.5], "bounds": "-1:1", "normQuantile": 0.9, "tailRadius": False, "outliers": "drop",
    "budgetCentre": 0.1, "budgetHistogram": 0.07, "budgetInit": 0.3, "budgetSummary": 0.02, "kCandidates": [3, 5],
    "budgetKSelection": 0.4, "coresetSampleSize": 5000, "stage1Size": 0.5, "stage1Cached": True, "noise": "gaussian",
    "delta": 1e-6, "budgetLedger": "/ledgers/patients", "allowNonAtomicRename": True, "minNoisyCount": 2.5,
}


def jvm_value(stage, name):
    """A param's value as the JVM stage holds it."""
    java_obj = stage._java_obj
    java_value = java_obj.getOrDefault(java_obj.getParam(name))
    return list(java_value) if name in ("center", "origin", "kCandidates") else java_value


def pipeline(**params):
    return Pipeline(stages=[VectorAssembler(inputCols=FEATURES, outputCol="features"), PrivateKMeans(**params)])


def test_every_jvm_param_has_a_python_twin_and_the_reverse(spark):
    kmeans = PrivateKMeans()
    python_names = {p.name for p in kmeans.params}
    jvm_names = {p.name() for p in kmeans._java_obj.params()}
    assert python_names == jvm_names
    assert set(SAMPLE_VALUES) == jvm_names, "the round-trip test covers every param"


def test_python_docs_are_the_jvms(spark):
    kmeans = PrivateKMeans()
    for java_param in kmeans._java_obj.params():
        assert kmeans.getParam(java_param.name()).doc == java_param.doc(), java_param.name()


def test_python_defaults_are_the_jvms(spark):
    kmeans = PrivateKMeans()
    java_obj = kmeans._java_obj
    with_default = [p for p in java_obj.params() if java_obj.hasDefault(p)]
    assert len(with_default) >= 20
    for java_param in with_default:
        name = java_param.name()
        assert kmeans.hasDefault(name), name
        assert kmeans.getOrDefault(name) == java_obj.getDefault(java_param).get(), name
    assert kmeans.getK() == 2 and kmeans.getPrivacyMode() == "strict" and kmeans.getLambda() == 0.5
    assert kmeans.getOffsetClip() == "auto"
    assert not kmeans.isDefined("clipRadius") and not kmeans.isDefined("seed")
    assert not kmeans.isDefined("budgetInit"), "unset: auto chooses the coreset's share once n is estimated"
    assert not kmeans.isDefined("sampleSize"), "unset: auto chooses m once n is estimated"


def test_every_param_round_trips_through_the_jvm(spark):
    kmeans = PrivateKMeans()
    for name, value in SAMPLE_VALUES.items():
        kmeans._set(**{name: value})
        assert kmeans.getOrDefault(name) == value, name
    kmeans._transfer_params_to_java()
    for name, value in SAMPLE_VALUES.items():
        assert jvm_value(kmeans, name) == value, name
    # the keyword-only constructor and the setters set the same params (lambda_ is the param lambda)
    built = PrivateKMeans(k=7, lambda_=0.3, center=[1.0, 2.0], guards=False)
    assert (built.getK(), built.getLambda(), built.getCenter(), built.getGuards()) == (7, 0.3, [1.0, 2.0], False)
    assert PrivateKMeans().setLambda(0.3).setK(7).getLambda() == 0.3
    with pytest.raises(TypeError):
        PrivateKMeans(7)


def test_a_bad_value_is_one_error_naming_the_param_and_the_rule(spark):
    with pytest.raises(PaisError) as refused:
        PrivateKMeans(epsilon=-1.0)
    assert str(refused.value) == "epsilon must be in [1.0E-4, 1000000.0], got -1.0"
    with pytest.raises(PaisError, match="sampler must be one of unif, core, opt, full"):
        PrivateKMeans().setSampler("fast")
    assert refused.value.__cause__ is None and refused.value.__suppress_context__, "no Py4J trace chained"


def test_strict_without_a_clip_radius_fails_at_fit_with_the_one_line_message(spark, blobs):
    with pytest.raises(PaisError) as refused:
        pipeline(k=6).fit(blobs)
    message = str(refused.value)
    assert message.startswith("privacyMode = strict needs clipRadius (R0) or bounds"), message
    assert "\n" not in message and "Py4J" not in message and "at io.pais" not in message


def test_a_dimension_a_fitted_encoder_wrote_into_the_metadata_needs_the_dimension_given(spark):
    """Issue 50, item 1: OneHotEncoder fitted on the rows sizes the assembled vector (2 on 50 records, 3 when a 51st
    brings a new category): a strict fit refuses that size in one PaisError and takes the dimension when given."""
    from pyspark.ml.feature import OneHotEncoder, StringIndexer
    rows = [(float(i % 7), "c" if i == 50 else "ab"[i % 2]) for i in range(51)]
    stages = [StringIndexer(inputCol="cat", outputCol="index"), OneHotEncoder(inputCol="index", outputCol="onehot"),
              VectorAssembler(inputCols=["x", "onehot"], outputCol="features")]
    for count in (50, 51):
        frame = spark.createDataFrame(rows[:count], ["x", "cat"])
        with pytest.raises(PaisError) as refused:
            Pipeline(stages=stages + [PrivateKMeans(k=2, clipRadius=10.0, sampler="full")]).fit(frame)
        message = str(refused.value)
        assert message.startswith("a strict release needs a public dimension, but d was read from the size in the ML "
                                  "metadata"), message
        assert "setDimension" in message and "\n" not in message and "Py4J" not in message
    given = Pipeline(stages=stages + [PrivateKMeans(k=2, clipRadius=10.0, sampler="full", dimension=2)])
    model = given.fit(spark.createDataFrame(rows[:50], ["x", "cat"]))
    assert model.stages[-1].privacyReport()["dimension"] == 2


def test_fit_transform_save_and_load_a_pipeline(spark, blobs, tmp_path):
    fitted = pipeline(k=6, epsilon=3.0, sampleSize=0.2, clipRadius=25.0, seed=7).fit(blobs)
    model = fitted.stages[-1]
    assert isinstance(model, PrivateKMeansModel)
    centres = model.clusterCenters()
    assert len(centres) == 6 and all(isinstance(c, np.ndarray) and c.shape == (5,) for c in centres)
    assert model.numClusters() == 6
    clustered = fitted.transform(blobs).select("prediction").collect()
    assert len(clustered) == 12_000 and {row.prediction for row in clustered} <= set(range(6))

    fitted.write().overwrite().save(str(tmp_path / "pipeline"))
    reloaded = PipelineModel.load(str(tmp_path / "pipeline"))
    stage = reloaded.stages[-1]
    assert isinstance(stage, PrivateKMeansModel), type(stage)
    assert all(np.array_equal(a, b) for a, b in zip(stage.clusterCenters(), centres))
    assert stage.privacyReport() == model.privacyReport()
    assert reloaded.transform(blobs).select("prediction").collect() == clustered

    model.write().overwrite().save(str(tmp_path / "model"))
    assert PrivateKMeansModel.load(str(tmp_path / "model")).privacyReport() == model.privacyReport()
    model.exportAsMLlib(str(tmp_path / "mllib"))
    mllib = KMeansModel.load(str(tmp_path / "mllib"))
    assert all(np.array_equal(a, b) for a, b in zip(mllib.clusterCenters(), centres))


def test_the_estimator_saves_loads_and_copies_with_a_param_grid(spark, blobs, tmp_path):
    kmeans = PrivateKMeans(k=6, clipRadius=25.0, sampleSize=0.2, seed=3)
    kmeans.write().overwrite().save(str(tmp_path / "estimator"))
    loaded = PrivateKMeans.load(str(tmp_path / "estimator"))
    assert (loaded.getK(), loaded.getClipRadius(), loaded.getSeed(), loaded.uid) == (6, 25.0, 3, kmeans.uid)

    grid = ParamGridBuilder().addGrid(kmeans.k, [3, 4]).addGrid(kmeans.epsilon, [1.0, 2.0]).build()
    assert len(grid) == 4
    copy = kmeans.copy(grid[1])
    assert (copy.getK(), copy.getEpsilon()) == (3, 2.0) and (kmeans.getK(), kmeans.getEpsilon()) == (6, 3.0)
    features = VectorAssembler(inputCols=FEATURES, outputCol="features").transform(blobs)
    models = dict(kmeans.fitMultiple(features, grid[:2]))
    assert sorted(len(m.clusterCenters()) for m in models.values()) == [3, 3]
    assert len(kmeans.fit(features).clusterCenters()) == 6, "the grid left the original as it was"


def test_the_privacy_report_is_a_dict_whose_ledger_sums_to_epsilon(spark, blobs):
    report = pipeline(k=6, epsilon=2.0, clipRadius=25.0, seed=11).fit(blobs).stages[-1].privacyReport()
    assert report["privacyMode"] == "strict" and report["epsilon"] <= 2.0
    stages = [entry["stage"] for entry in report["ledger"]]
    assert stages[0] == "centre" and stages[-3:] == ["DP-Lloyd", "summary: sizes", "summary: cost"]
    spent = math.fsum(entry["epsilon"] for entry in report["ledger"])
    assert math.isclose(spent, report["epsilon"], rel_tol=1e-12) and spent <= 2.0 * (1 + 1e-15)


def test_a_strict_model_has_a_private_summary_saved_with_it(spark, blobs, tmp_path):
    model = pipeline(k=6, epsilon=2.0, clipRadius=25.0, seed=13).fit(blobs).stages[-1]
    assert model.hasSummary
    summary = model.summary
    assert isinstance(summary, PrivateKMeansSummary) and len(summary.clusterSizes) == 6
    assert math.isclose(summary.epsilon, 0.05 * 2.0, rel_tol=1e-12)
    # six Laplace noises of deviation sizeStandardDeviation each: their sum is this far off with probability < 1e-6
    assert abs(sum(summary.clusterSizes) - 12_000) <= 6 * math.sqrt(6) * summary.sizeStandardDeviation
    assert summary.trainingCost > 0 and summary.costStandardDeviation > 0
    model.write().overwrite().save(str(tmp_path / "model"))
    assert PrivateKMeansModel.load(str(tmp_path / "model")).summary == summary
    assert PrivateKMeansSummary.fromReport(read_privacy_report(spark, str(tmp_path / "model"))) == summary

    none = pipeline(k=6, epsilon=2.0, clipRadius=25.0, seed=13, budgetSummary=0.0).fit(blobs).stages[-1]
    assert not none.hasSummary
    with pytest.raises(PaisError) as refused:
        none.summary
    assert "budgetSummary 0" in str(refused.value) and "\n" not in str(refused.value)


def test_k_candidates_choose_k_privately(spark, blobs):
    model = pipeline(kCandidates=[2, 6, 10], epsilon=3.0, clipRadius=25.0, seed=9).fit(blobs).stages[-1]
    selection = model.privacyReport()["kSelection"]
    assert [c["k"] for c in selection["candidates"]] == [2, 6, 10]
    assert model.numClusters() == selection["chosen"] == len(model.clusterCenters())
    assert all(c["trainingCost"] >= 0 and c["epsilon"] > 0 for c in selection["candidates"])
    with pytest.raises(PaisError) as refused:
        pipeline(kCandidates=[4, 4], clipRadius=25.0).fit(blobs)
    assert "kCandidates must not repeat a candidate" in str(refused.value)


def test_fits_spend_from_a_budget_ledger_and_an_overspend_is_refused_in_one_line(spark, blobs, tmp_path):
    ledger = str(tmp_path / "ledger")
    jvm = spark.sparkContext._jvm
    jvm.io.pais.budget.BudgetLedger.create(ledger, 5.0, 0.0, spark.sparkContext._jsc.hadoopConfiguration())
    fits = pipeline(k=6, epsilon=2.0, clipRadius=25.0, seed=3, budgetLedger=ledger)
    fits.fit(blobs)
    named = fits.fit(blobs).stages[-1].privacyReport()["budgetLedger"]
    assert (named["ledger"], named["claim"], named["epsilon"]) == (ledger, 4, 2.0)  # claim, reading, release, claim
    with pytest.raises(PaisError) as refused:
        fits.fit(blobs)
    message = str(refused.value)
    assert message.startswith("budget ledger " + ledger + " refuses the release"), message
    assert "remaining epsilon = 1.0" in message and "\n" not in message
    status = jvm.io.pais.budget.BudgetLedger.open(ledger, spark.sparkContext._jsc.hadoopConfiguration()).read()
    assert status.spentEpsilon() == 4.0


def test_transform_of_vectors_of_another_size_is_one_pais_error(spark, blobs):
    """Issue 48, item 7: a column without size metadata holding a vector of another size: one PaisError at
    transform, not a Py4J trace at the first action."""
    from pyspark.ml.linalg import Vectors

    model = pipeline(k=3, epsilon=3.0, clipRadius=25.0, seed=5).fit(blobs).stages[-1]
    wrong = spark.createDataFrame([(Vectors.dense([1.0, 2.0, 3.0]),)], ["features"])
    with pytest.raises(PaisError) as refused:
        model.transform(wrong).collect()
    message = str(refused.value)
    assert "not the model's dimension 5" in message and "\n" not in message, message


def test_a_seeded_fit_reproduces_its_centres(spark, blobs):
    first = pipeline(k=6, clipRadius=25.0, seed=5).fit(blobs).stages[-1].clusterCenters()
    second = pipeline(k=6, clipRadius=25.0, seed=5).fit(blobs).stages[-1].clusterCenters()
    assert all(np.array_equal(a, b) for a, b in zip(first, second))


def test_the_readme_python_example_runs(spark, jar, monkeypatch):
    """With the jar under test as PAIS_JAR (a source install carries none); CI also runs it from the wheel alone."""
    monkeypatch.setenv("PAIS_JAR", jar)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    start = readme.index("```python\n", readme.index("<!-- python example: run by python/tests/test_ml.py -->"))
    code = readme[start + len("```python\n"):readme.index("```", start + 10)]
    monkeypatch.chdir(root)
    scope = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert isinstance(scope["reloaded"].stages[-1], PrivateKMeansModel)
    assert scope["report"]["epsilon"] <= 3.0 and len(scope["report"]["stages"]) == 2


def test_the_jar_alone_makes_import_pais_work(jar, tmp_path):
    """No pip install: the package inside the jar, put on Python's path by spark.submit.pyFiles."""
    script = textwrap.dedent(f"""
        from pyspark.sql import SparkSession
        spark = (SparkSession.builder.master("local[1]").config("spark.jars", {jar!r})
                 .config("spark.submit.pyFiles", {jar!r}).config("spark.ui.enabled", "false").getOrCreate())
        import pais, pais.ml
        print(pais.__file__)
        print(type(pais.ml.PrivateKMeans(k=3)).__name__)
        spark.stop()
    """)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    location, kind = done.stdout.strip().splitlines()[-2:]
    # Spark copies the jar into its files folder and puts that copy on sys.path
    assert location.endswith(os.path.basename(jar) + "/pais/__init__.py") and kind == "PrivateKMeans", done.stdout


SPARK_MAJOR = int(__import__("pyspark").__version__.split(".")[0])


@pytest.mark.skipif(SPARK_MAJOR < 4, reason="ML over Spark Connect needs Spark 4")
def test_fit_transform_and_save_over_spark_connect(jar, blobs_csv, tmp_path):
    """A Spark Connect client (its own process: a classic session is running here) against a local Connect server
    that pyspark starts with the jar: fit and transform run on the server, which finds PrivateKMeans through the
    jar's META-INF/services; the saved model's report is read back as the README says, and the model's own centres,
    report and summary through its copy saved on the server; getters of defaults work; a refusal is one PaisError."""
    python_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    model_dir = str(tmp_path / "connect-pipeline")
    script = textwrap.dedent(f"""
        import glob, json
        from pyspark.ml import Pipeline, PipelineModel
        from pyspark.ml.feature import VectorAssembler
        from pyspark.sql import SparkSession
        from pais import PaisError
        from pais.ml import PrivateKMeans, read_cluster_centers, read_privacy_report

        spark = SparkSession.builder.remote("local[2]").config("spark.jars", {jar!r}).getOrCreate()
        data = spark.read.csv({blobs_csv!r}, header=True, inferSchema=True)
        assembler = VectorAssembler(inputCols={FEATURES!r}, outputCol="features")
        fitted = Pipeline(stages=[assembler, PrivateKMeans(k=6, clipRadius=25.0, sampleSize=0.2, seed=5)]).fit(data)
        def assignment(model):  # how many clusters got points, and a checksum of every row's cluster
            out = model.transform(data)
            return out.select("prediction").distinct().count(), out.agg({{"prediction": "sum"}}).head()[0]
        predictions = assignment(fitted)
        fitted.write().overwrite().save({model_dir!r})
        reloaded = PipelineModel.load({model_dir!r})
        again = assignment(reloaded)
        stage = glob.glob({model_dir!r} + "/stages/1_*")[0]
        report = read_privacy_report(spark, stage)
        centres = read_cluster_centers(spark, stage)
        model = fitted.stages[-1]  # what Spark's Connect ML does not allow is read from the model saved on the server
        summary = model.summary
        try:
            Pipeline(stages=[assembler, PrivateKMeans(k=6)]).fit(data)
            refused = "no"
        except PaisError as error:
            refused = str(error)
        print(json.dumps({{"predictions": predictions, "again": again, "epsilon": report["epsilon"],
                          "mode": report["privacyMode"], "centres": len(centres), "refused": refused,
                          "stage": type(reloaded.stages[-1]).__name__,
                          "model": [model.privacyReport()["epsilon"], len(model.clusterCenters()), model.numClusters(),
                                    summary.k, len(summary.clusterSizes), model.hasSummary, model.getEpsilon(),
                                    model.getSampler(), PrivateKMeans().getNormQuantile()]}}))
        spark.stop()
    """)
    env = dict(os.environ, PYTHONPATH=python_dir)
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    # a DP centre may end up nearest to no point: at least most of the six get points, the same after reloading
    assert 4 <= outcome["predictions"][0] <= 6 and outcome["again"] == outcome["predictions"], outcome
    assert outcome["mode"] == "strict" and outcome["epsilon"] <= 3.0 and outcome["centres"] == 6, outcome
    assert outcome["stage"] == "PrivateKMeansModel", outcome
    assert outcome["refused"].startswith("privacyMode = strict needs clipRadius"), outcome
    assert outcome["model"] == [outcome["epsilon"], 6, 6, 6, 6, True, 3.0, "opt", 0.975], outcome


def test_the_summary_has_what_pysparks_kmeans_summary_has(spark, blobs, tmp_path):
    model = pipeline(k=6, epsilon=2.0, clipRadius=25.0, seed=13).fit(blobs).stages[-1]
    summary = model.summary
    report = model.privacyReport()
    assert (summary.k, summary.numIter) == (6, report["iterations"]) and summary.numIter >= 2
    assert (summary.featuresCol, summary.predictionCol) == ("features", "prediction")
    assert summary.predictions.count() == 12_000 and summary.cluster.columns == ["prediction"]
    with pytest.warns(DeprecationWarning, match="summary is a property"):
        assert model.summary() == summary  # the call of before still works, and says so
    model.write().overwrite().save(str(tmp_path / "model"))
    loaded = PrivateKMeansModel.load(str(tmp_path / "model")).summary
    assert loaded == summary and loaded.predictions is None
    with pytest.raises(PaisError, match="the model was loaded, not fit here"):
        loaded.cluster


def test_predict_assigns_a_vector_as_transform_assigns_its_row(spark, blobs):
    fitted = pipeline(k=6, clipRadius=25.0, seed=3).fit(blobs)
    rows = fitted.transform(blobs).select("features", "prediction").limit(50).collect()
    model = fitted.stages[-1]
    assert [model.predict(row.features) for row in rows] == [row.prediction for row in rows]
    assert model.numFeatures == 5 and model.numClusters() == 6


def test_bounds_also_as_diffprivlibs_lower_and_upper_or_as_pairs(spark, blobs):
    as_text = PrivateKMeans(bounds="-20.0:20.0").getBounds()
    assert PrivateKMeans(bounds=(-20, 20)).getBounds() == as_text
    assert PrivateKMeans(bounds=(np.full(2, -1.5), np.array([2, 3]))).getBounds() == "-1.5:2.0,-1.5:3.0"
    assert PrivateKMeans(bounds=[(-1, 2), (0.25, 4)]).getBounds() == "-1.0:2.0,0.25:4.0"
    for bad in ((np.zeros(2), np.ones(3)), 7, [(1, 2, 3)]):
        with pytest.raises(PaisError, match="bounds"):
            PrivateKMeans(bounds=bad)
    fitted = pipeline(k=6, bounds=(np.full(5, -20.0), np.full(5, 20.0)), seed=2).fit(blobs)
    assert len(fitted.stages[-1].clusterCenters()) == 6


def test_the_box_geometry_fits_from_python_and_paper_mode_refuses_it_in_one_line(spark, blobs):
    fitted = pipeline(k=6, epsilon=2.0, bounds=(np.full(5, -20.0), np.full(5, 20.0)), geometry="box", seed=3).fit(blobs)
    report = fitted.stages[-1].privacyReport()
    lloyd = [entry for entry in report["ledger"] if entry["stage"] == "DP-Lloyd"]
    assert "box sums" in lloyd[0]["mechanism"] and report["epsilon"] <= 2.0
    with pytest.raises(PaisError, match="box"):
        pipeline(k=6, privacyMode="paper", geometry="box").fit(blobs)


def test_mllib_kmeans_params_pais_lacks_are_refused_with_the_reason(spark):
    for given, reason in ((dict(tol=1e-4), "fixed number of iterations"), (dict(weightCol="w"), "one row's"),
                          (dict(initSteps=2), "k-means|| reads the data"), (dict(distanceMeasure="cosine"), "Normalizer"),
                          (dict(solver="row"), "no counterpart"), (dict(maxBlockSizeInMB=1.0), "no counterpart")):
        with pytest.raises(PaisError, match=reason):
            PrivateKMeans(**given)
    kmeans = PrivateKMeans(distanceMeasure="euclidean").setDistanceMeasure("euclidean")
    assert kmeans.getDistanceMeasure() == "euclidean"
    with pytest.raises(PaisError, match="PrivateKMeans has no tol"):
        kmeans.setTol(1e-4)
    with pytest.raises(PaisError, match="k-means\\|\\| reads the data without privacy; pais's private start is "
                                        "private-coreset"):
        kmeans.setInitMode("k-means||")


def test_every_member_of_pysparks_kmeans_is_here_or_refused_with_the_reason():
    """The names a PySpark user reaches for: KMeans's, KMeansModel's and KMeansSummary's (their own, not Spark ML's
    base classes'); the params pais has no counterpart for, and their getters, are the refused ones."""
    from pyspark.ml.clustering import KMeans, KMeansModel, KMeansSummary
    from pyspark.ml.util import JavaMLReadable, JavaMLWritable
    from pyspark.ml.wrapper import JavaEstimator, JavaModel
    from pais.ml.clustering import _MLLIB_ONLY

    refused = set(_MLLIB_ONLY) | {"get" + name[0].upper() + name[1:] for name in _MLLIB_ONLY}
    refused.discard("getDistanceMeasure")
    shared = set(dir(JavaMLReadable)) | set(dir(JavaMLWritable))
    for theirs, ours, base in ((KMeans, PrivateKMeans, JavaEstimator), (KMeansModel, PrivateKMeansModel, JavaModel)):
        names = {n for n in set(dir(theirs)) - set(dir(base)) - shared if not n.startswith("_")}
        assert sorted(n for n in names - refused if not hasattr(ours, n)) == [], ours.__name__
    summary_names = {n for n in dir(KMeansSummary) if not n.startswith("_")}
    members = {f.name for f in dataclasses.fields(PrivateKMeansSummary)} | {"cluster"}
    assert sorted(summary_names - members) == []
