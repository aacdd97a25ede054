"""Differentially private k-means: :class:`PrivateKMeans`, the :class:`PrivateKMeansModel` it fits and its private
training summary; readers of a saved model's report and centres that work over Spark Connect too."""

import json
import warnings
from dataclasses import dataclass, field

import numpy as np

from pyspark import SparkContext, keyword_only
from pyspark.ml.util import JavaMLReadable, JavaMLWritable
from pyspark.ml.wrapper import JavaEstimator, JavaModel
from pyspark.sql.streaming import StreamingQuery

from pais import PaisError
from pais._settings import DEFAULTS
from pais.ml._jvm import (_JVM_PACKAGE, _as_params, _jvm_errors_as_pais_errors, _refuse_over_connect, _remote,
                          _saved_on_server)
from pais.ml._kmeans_params import _PrivateKMeansParams


def read_privacy_report(spark, path):
    """The privacy report of a model saved at ``path``, as a dict (works over Spark Connect too)."""
    return json.loads(spark.read.parquet(path.rstrip("/") + "/privacyReport").head()[0])


def read_cluster_centers(spark, path):
    """The centres of a model saved at ``path``, one numpy array each in cluster order (works over Spark Connect)."""
    rows = spark.read.parquet(path.rstrip("/") + "/data").orderBy("clusterIdx").collect()
    return [row.clusterCenter.toArray() for row in rows]


@dataclass(frozen=True)
class PrivateKMeansSummary:
    """A strict release's private training summary, with the members of ``pyspark.ml.clustering.KMeansSummary``:
    the sizes and the cost are DP outputs paid for in its ledger (stages ``summary: sizes`` and ``summary: cost``),
    never exact values.

    ``clusterSizes``: per released centre, the noisy number of training points nearest to it (clamped at 0);
    ``trainingCost``: the noisy sum of squared distances of the training points to their nearest centre (each point's
    term capped at ``costTermCap``; clamped at 0); ``epsilon``: what the two cost together; the standard deviations
    of the noise (before the clamp) give error bars. ``k`` and ``numIter`` are the release's (public or DP-derived),
    ``predictions`` the training frame transformed by the model, as PySpark's: on the model a fit returned, None on one
    loaded from disk (transform the data yourself), and ``cluster`` its prediction column.
    """

    clusterSizes: tuple
    trainingCost: float
    epsilon: float
    sizeStandardDeviation: float
    costStandardDeviation: float
    costTermCap: float
    k: int = None
    numIter: int = None
    featuresCol: str = "features"
    predictionCol: str = "prediction"
    predictions: object = field(default=None, compare=False, repr=False)

    @property
    def cluster(self):
        """The training frame's predicted clusters (its prediction column), as ``KMeansSummary.cluster``."""
        if self.predictions is None:
            raise PaisError("this summary has no predictions: the model was loaded, not fit here; transform the data "
                            "with the model")
        return self.predictions.select(self.predictionCol)

    def __call__(self):
        """``model.summary()`` from before ``summary`` was a property, as PySpark's is: the summary itself."""
        warnings.warn("PrivateKMeansModel.summary is a property (as in PySpark): use model.summary, not "
                      "model.summary()", DeprecationWarning, stacklevel=2)
        return self

    @staticmethod
    def fromReport(report, predictions=None, featuresCol="features", predictionCol="prediction"):
        """The summary in a privacy report (a dict, e.g. from :func:`read_privacy_report`); raises PaisError when the
        release made none."""
        summary = report.get("trainingSummary")
        if summary is None:
            raise PaisError("this model has no private training summary: it was fit " + (
                "with budgetSummary 0; fit with a share of epsilon for it (setBudgetSummary)"
                if report.get("privacyMode") == "strict"
                else "in privacy mode paper, which makes none (exact sizes and costs are not private)"))
        return PrivateKMeansSummary(tuple(float(v) for v in summary["clusterSizes"]), float(summary["trainingCost"]),
                                    float(summary["epsilon"]), float(summary["sizeStandardDeviation"]),
                                    float(summary["costStandardDeviation"]), float(summary["costTermCap"]),
                                    int(report["k"]), int(report["iterations"]), featuresCol, predictionCol,
                                    predictions)


# MLlib KMeans's params that have no pais counterpart, and why (PySpark users bring them over)
_MLLIB_ONLY = {
    "tol": "DP-Lloyd runs a fixed number of iterations (maxIter, or auto when 0): stopping once the centres move less "
           "than tol would decide from the data without privacy",
    "weightCol": "a row's weight would scale its influence, which the guarantee bounds at one row's: repeat or "
                 "aggregate rows instead",
    "initSteps": "k-means|| reads the data without privacy; pais's private start is initMode private-coreset (auto)",
    "solver": "MLlib's solvers have no counterpart: DP-Lloyd adds up each cluster's noisy sums as it reads",
    "maxBlockSizeInMB": "MLlib's block solver has no counterpart: DP-Lloyd adds up each cluster's noisy sums as it reads",
    "distanceMeasure": "pais's noise is calibrated to the squared Euclidean cost; for the cosine distance normalise the "
                       "rows first (pyspark.ml.feature.Normalizer, p=2) and fit with clipRadius=1",
}


def _refuse_mllib_only(**given):
    """A PaisError for the first MLlib-only param given (``distanceMeasure="euclidean"`` is pais's own measure)."""
    for name, value in given.items():
        if value is None or (name == "distanceMeasure" and value == "euclidean"):
            continue
        raise PaisError("PrivateKMeans has no %s (%s = %r): %s" % (name, name, value, _MLLIB_ONLY[name]))


class PrivateStreamingQuery(StreamingQuery):
    """A stream of private releases (``PrivateKMeans.fitStream``): PySpark's StreamingQuery whose failure is one
    PaisError with pais's one line."""

    @_jvm_errors_as_pais_errors
    def awaitTermination(self, timeout=None):
        try:
            return super().awaitTermination(timeout)
        except Exception as error:
            throwable = getattr(error, "_origin", None) or getattr(error, "java_exception", None)
            if throwable is None:
                raise
            raise PaisError(SparkContext._jvm.io.pais.stream.StreamRun.failureLine(throwable)) from None


class PrivateKMeans(JavaEstimator, _PrivateKMeansParams, JavaMLReadable, JavaMLWritable):
    """Differentially private k-means (Poisson importance sampling and weighted DP-Lloyd) as a Spark ML Estimator.

    A strict release (the default) needs a public ``clipRadius`` or ``bounds``. Arguments left out keep the JVM's
    defaults; ``lambda_`` sets the param ``lambda``.
    """

    _java_obj = None  # until __init__ makes it (PySpark's finaliser reads it even when a call was refused first)

    @keyword_only
    def __init__(self, *, k=None, maxIter=None, seed=None, featuresCol=None, dimension=None, predictionCol=None,
                 epsilon=None, sampler=None, sampleSize=None, lambda_=None, geometry=None, normBound=None,
                 center=None, preprocessing=None, initMode=None, guards=None, offsetClip=None, privacyMode=None,
                 clipRadius=None, minNoisyCount=None,
                 origin=None, bounds=None, normQuantile=None, tailRadius=None, outliers=None, budgetCentre=None,
                 budgetHistogram=None, budgetInit=None, budgetSummary=None, coresetSampleSize=None, stage1Size=None,
                 stage1Cached=None, noise=None, delta=None, budgetLedger=None, kCandidates=None,
                 budgetKSelection=None, allowNonAtomicRename=None, tol=None, weightCol=None, initSteps=None,
                 distanceMeasure=None, solver=None, maxBlockSizeInMB=None):
        super().__init__()
        self._java_obj = self._new_java_obj(_JVM_PACKAGE + ".PrivateKMeans", self.uid)
        if _remote(self):
            self._setDefault(**DEFAULTS)  # the JVM's defaults, as generated from its declaration
        else:
            self._transfer_params_from_java()  # the defaults, as the JVM declares them
        self.setParams(**self._input_kwargs)

    @keyword_only
    def setParams(self, *, k=None, maxIter=None, seed=None, featuresCol=None, dimension=None, predictionCol=None,
                  epsilon=None, sampler=None, sampleSize=None, lambda_=None, geometry=None, normBound=None,
                  center=None, preprocessing=None, initMode=None, guards=None, offsetClip=None, privacyMode=None,
                  clipRadius=None, minNoisyCount=None,
                  origin=None, bounds=None, normQuantile=None, tailRadius=None, outliers=None, budgetCentre=None,
                  budgetHistogram=None, budgetInit=None, budgetSummary=None, coresetSampleSize=None, stage1Size=None,
                  stage1Cached=None, noise=None, delta=None, budgetLedger=None, kCandidates=None,
                  budgetKSelection=None, allowNonAtomicRename=None, tol=None, weightCol=None, initSteps=None,
                  distanceMeasure=None, solver=None, maxBlockSizeInMB=None):
        """Sets the given params; those left out (None) stay as they are. MLlib KMeans's ``tol``, ``weightCol``,
        ``initSteps``, ``solver`` and ``maxBlockSizeInMB``, and a ``distanceMeasure`` other than "euclidean", are
        refused with the reason."""
        given = dict(self._input_kwargs)
        _refuse_mllib_only(**{name: given.pop(name, None) for name in _MLLIB_ONLY})
        return self._set(**_as_params(given))

    @_jvm_errors_as_pais_errors
    def _fit_java(self, dataset):
        return super()._fit_java(dataset)

    @_jvm_errors_as_pais_errors
    def _fit(self, dataset):
        model = super()._fit(dataset)
        model._training = dataset  # the summary's predictions, as PySpark's KMeansModel keeps them
        return model

    def _create_model(self, java_model):
        return PrivateKMeansModel(java_model)

    @_jvm_errors_as_pais_errors
    def fitStream(self, dataset, checkpoint, output, eventTimeCol="eventTime", keyCol="key", window=None,
                  watermark=None, trigger=None, userCol=None, recordsPerUser=0):
        """Starts a stream of private releases, one per event-time window of the streaming DataFrame ``dataset``
        (this estimator's features column, a timestamp or epoch-seconds ``eventTimeCol``, a whole-number ``keyCol``
        naming each record's place in its source), each published as ``output/window=START_END`` as the job's
        ``--stream`` publishes it; ``window``, ``watermark`` and ``trigger`` default to the job's (1h, 0s, 10s).
        ``userCol`` and ``recordsPerUser`` bound the records of one user a window keeps (user level).
        Every constant before DP-Lloyd must be public (docs/guide/streams.md). Returns the running query; its
        ``awaitTermination`` raises one PaisError when a window cannot be released."""
        _refuse_over_connect(self, "fitStream")
        self._transfer_params_to_java()
        jvm = SparkContext._jvm
        defaults = jvm.io.pais.stream.StreamOptions.of(checkpoint, output)
        options = jvm.io.pais.stream.StreamOptions(
            eventTimeCol, keyCol, window or defaults.window(), watermark or defaults.watermark(),
            trigger or defaults.trigger(), checkpoint, output, userCol, recordsPerUser)
        return PrivateStreamingQuery(self._java_obj.fitStream(dataset._jdf, options))

    def setK(self, value):
        return self._set(k=value)

    def setMaxIter(self, value):
        return self._set(maxIter=value)

    def setSeed(self, value):
        return self._set(seed=value)

    def setFeaturesCol(self, value):
        return self._set(featuresCol=value)

    def setDimension(self, value):
        return self._set(dimension=value)

    def setPredictionCol(self, value):
        return self._set(predictionCol=value)

    def setEpsilon(self, value):
        return self._set(epsilon=value)

    def setSampler(self, value):
        return self._set(sampler=value)

    def setSampleSize(self, value):
        return self._set(sampleSize=value)

    def setLambda(self, value):
        return self._set(**{"lambda": value})

    def setGeometry(self, value):
        return self._set(geometry=value)

    def setNormBound(self, value):
        return self._set(normBound=value)

    def setCenter(self, value):
        return self._set(center=value)

    def setPreprocessing(self, value):
        return self._set(preprocessing=value)

    def setInitMode(self, value):
        return self._set(initMode=value)

    def setGuards(self, value):
        return self._set(guards=value)

    def setMinNoisyCount(self, value):
        return self._set(minNoisyCount=value)

    def setOffsetClip(self, value):
        return self._set(offsetClip=value)

    def setPrivacyMode(self, value):
        return self._set(privacyMode=value)

    def setClipRadius(self, value):
        return self._set(clipRadius=value)

    def setOrigin(self, value):
        return self._set(origin=value)

    def setBounds(self, value):
        return self._set(bounds=value)

    def setBudgetLedger(self, value):
        return self._set(budgetLedger=value)

    def setAllowNonAtomicRename(self, value):
        return self._set(allowNonAtomicRename=value)

    def setNormQuantile(self, value):
        return self._set(normQuantile=value)

    def setTailRadius(self, value):
        return self._set(tailRadius=value)

    def setOutliers(self, value):
        return self._set(outliers=value)

    def setBudgetCentre(self, value):
        return self._set(budgetCentre=value)

    def setBudgetHistogram(self, value):
        return self._set(budgetHistogram=value)

    def setBudgetInit(self, value):
        return self._set(budgetInit=value)

    def setBudgetSummary(self, value):
        return self._set(budgetSummary=value)

    def setKCandidates(self, value):
        return self._set(kCandidates=value)

    def setBudgetKSelection(self, value):
        return self._set(budgetKSelection=value)

    def setCoresetSampleSize(self, value):
        return self._set(coresetSampleSize=value)

    def setStage1Size(self, value):
        return self._set(stage1Size=value)

    def setStage1Cached(self, value):
        return self._set(stage1Cached=value)

    def setNoise(self, value):
        return self._set(noise=value)

    def setDelta(self, value):
        return self._set(delta=value)


def _refusing_setter(name):
    """MLlib KMeans's setter of ``name``, which pais refuses with the reason (distanceMeasure accepts "euclidean")."""

    def setter(self, value):
        _refuse_mllib_only(**{name: value})
        return self

    setter.__name__ = "set" + name[0].upper() + name[1:]
    setter.__doc__ = "MLlib KMeans's %s, refused: %s." % (name, _MLLIB_ONLY[name])
    return setter


for _name in _MLLIB_ONLY:
    setattr(PrivateKMeans, "set" + _name[0].upper() + _name[1:], _refusing_setter(_name))


class PrivateKMeansModel(JavaModel, _PrivateKMeansParams, JavaMLReadable, JavaMLWritable):
    """The fitted model: the released centres and the privacy report of the release. Over Spark Connect, whose ML
    allow-list holds only Spark's own models' methods, the centres, the report and the summary are read from the model
    saved on the server (once, under ``spark.pais.connect.scratch``, default /tmp/pais-connect on the server's file
    system: on a cluster, set it to a path every node reaches)."""

    _training = None  # the frame a fit in this session read: the summary's predictions

    def __init__(self, java_model=None):
        super().__init__(java_model)
        if java_model is not None and _remote(self):
            self._setDefault(**DEFAULTS)  # a Connect client cannot ask the server's JVM for them

    def clusterCenters(self):
        """The released centres, one numpy array each."""
        if _remote(self):
            return read_cluster_centers(*_saved_on_server(self))
        return [vector.toArray() for vector in self._call_java("clusterCenters")]

    @_jvm_errors_as_pais_errors
    def predict(self, value):
        """The index of the released centre nearest to ``value`` (a pyspark.ml.linalg vector), as ``transform``
        assigns a row and ``KMeansModel.predict`` does (squared Euclidean distance, ties to the lowest index)."""
        if _remote(self):
            point = np.asarray(value.toArray() if hasattr(value, "toArray") else value, dtype=float)
            return int(np.argmin([float(np.sum((point - centre) ** 2)) for centre in self.clusterCenters()]))
        return self._call_java("predict", value)

    def privacyReport(self):
        """The privacy report as a dict: the same JSON as the job's privacy-report.json."""
        if _remote(self):
            return read_privacy_report(*_saved_on_server(self))
        return json.loads(self._call_java("privacyReportJson"))

    @property
    def hasSummary(self):
        """Whether the release made a private training summary (as ``pyspark.ml.clustering.KMeansModel.hasSummary``)."""
        return "trainingSummary" in self.privacyReport()

    @property
    def summary(self):
        """The private training summary (:class:`PrivateKMeansSummary`), as ``KMeansModel.summary``: DP cluster sizes
        and training cost of the released centres with the epsilon they cost (saved and loaded with the model), k,
        numIter, and the training predictions on the model a fit returned."""
        predictions = None if self._training is None else self.transform(self._training)
        return PrivateKMeansSummary.fromReport(self.privacyReport(), predictions, self.getFeaturesCol(),
                                               self.getPredictionCol())

    def numClusters(self):
        if _remote(self):
            return len(self.clusterCenters())
        return self._call_java("numClusters")

    @property
    def numFeatures(self):
        """The dimension of the centres, i.e. the length of the vectors the model assigns (as KMeansModel's)."""
        return len(self.clusterCenters()[0])

    @_jvm_errors_as_pais_errors
    def exportAsMLlib(self, path, overwrite=False):
        """Saves the centres as MLlib's KMeansModel (``pyspark.ml.clustering.KMeansModel.load`` reads it)."""
        _refuse_over_connect(self, "exportAsMLlib()")
        self._call_java("exportAsMLlib", path, overwrite)

    @_jvm_errors_as_pais_errors
    def _transform(self, dataset):
        return super()._transform(dataset)

    def setFeaturesCol(self, value):
        return self._set(featuresCol=value)

    def setPredictionCol(self, value):
        return self._set(predictionCol=value)
