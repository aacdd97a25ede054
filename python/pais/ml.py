"""Spark ML stages of pais: :class:`PrivateKMeans` and the :class:`PrivateKMeansModel` it fits; the private
preprocessing stages :class:`PrivateStandardScaler` and :class:`BoxScaler`; and :class:`PrivatePipeline`.

Thin wrappers over the JVM classes ``io.pais.ml.PrivateKMeans`` and ``io.pais.ml.PrivateKMeansModel``, in the style of
``pyspark.ml.clustering.KMeans``: every JVM param is declared here with the same name, and its default is read from
the JVM, not copied. A setting the JVM refuses raises one :class:`pais.PaisError` naming the param and the rule.
"""

import json
import sys
from dataclasses import dataclass
from functools import wraps

from py4j.protocol import Py4JJavaError
from pyspark import SparkContext, keyword_only
from pyspark.ml.param import Param, Params, TypeConverters
from pyspark.ml import Pipeline
from pyspark.ml.util import JavaMLReadable, JavaMLWritable, JavaMLWriter, MLReader
from pyspark.ml.wrapper import JavaEstimator, JavaModel, JavaTransformer

from pais import PaisError
from pais._settings import DOCS

__all__ = ["BoxScaler", "PrivateKMeans", "PrivateKMeansModel", "PrivateKMeansSummary", "PrivatePipeline",
           "PrivateStandardScaler", "PrivateStandardScalerModel", "read_cluster_centers", "read_privacy_report"]

_JVM_PACKAGE = "io.pais.ml"


def _refusal(error):
    """The one-line message of a JVM failure: pais's own words for bad settings and input, the kind otherwise."""
    throwable = getattr(error, "java_exception", None) or getattr(error, "_origin", None)
    jvm = SparkContext._jvm
    if throwable is None or jvm is None:
        return str(error).strip().splitlines()[0]
    return jvm.io.pais.io.FailureReport.oneLine(throwable)


def _jvm_errors_as_pais_errors(method):
    """Runs ``method``; a JVM exception becomes one PaisError with its one-line message, not a Py4J trace."""

    @wraps(method)
    def wrapper(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except Py4JJavaError as error:
            message = _refusal(error)
        except Exception as error:  # PySpark's converted JVM exceptions (IllegalArgumentException, …)
            if getattr(error, "_origin", None) is None:
                raise
            message = _refusal(error)
        raise PaisError(message) from None

    return wrapper


def _remote(stage):
    """Whether ``stage`` lives on a Spark Connect server (PySpark then holds its class name or a reference, not a
    Py4J object: the JVM's defaults and validators are not reachable from Python, the server applies them)."""
    return isinstance(stage._java_obj, str) or type(stage._java_obj).__name__ == "RemoteModelRef"


def _refuse_over_connect(stage, what):
    if _remote(stage):
        raise PaisError(what + " is not available over Spark Connect (Spark's allow-list of model methods holds only "
                        "its own models'): save the model and read it with pais.ml.read_privacy_report or "
                        "pais.ml.read_cluster_centers")


def read_privacy_report(spark, path):
    """The privacy report of a model saved at ``path``, as a dict (works over Spark Connect too)."""
    return json.loads(spark.read.parquet(path.rstrip("/") + "/privacyReport").head()[0])


def read_cluster_centers(spark, path):
    """The centres of a model saved at ``path``, one numpy array each in cluster order (works over Spark Connect)."""
    rows = spark.read.parquet(path.rstrip("/") + "/data").orderBy("clusterIdx").collect()
    return [row.clusterCenter.toArray() for row in rows]


@dataclass(frozen=True)
class PrivateKMeansSummary:
    """A strict release's private training summary: DP outputs paid for in its ledger (stages ``summary: sizes`` and
    ``summary: cost``), never exact values.

    ``clusterSizes``: per released centre, the noisy number of training points nearest to it (clamped at 0);
    ``trainingCost``: the noisy sum of squared distances of the training points to their nearest centre (each point's
    term capped at ``costTermCap``; clamped at 0); ``epsilon``: what the two cost together; the standard deviations
    of the noise (before the clamp) give error bars.
    """

    clusterSizes: tuple
    trainingCost: float
    epsilon: float
    sizeStandardDeviation: float
    costStandardDeviation: float
    costTermCap: float

    @staticmethod
    def fromReport(report):
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
                                    float(summary["costStandardDeviation"]), float(summary["costTermCap"]))


def _param(name, doc, converter):
    return Param(Params._dummy(), name, doc, typeConverter=converter)


def _setting_param(name, converter):
    """A param of PrivateKMeans with the JVM param's doc (pais._settings, made from the settings' one declaration)."""
    return _param(name, DOCS[name], converter)


class _JvmCheckedParams(Params):
    """Params whose values the JVM's validators check as they are set."""

    def _set(self, **kwargs):
        """Sets params, each checked at once by the JVM's validator (a JVM param pair validates its value on
        construction; nothing is set in the JVM until fit, as PySpark does)."""
        super()._set(**kwargs)
        if getattr(self, "_java_obj", None) is not None and not _remote(self):
            for name in kwargs:
                if kwargs[name] is not None:
                    param = self.getParam(name)
                    _jvm_errors_as_pais_errors(self._make_java_param_pair)(param, self._paramMap[param])
        return self


class _PrivateKMeansParams(_JvmCheckedParams):
    """The params of both stages, named as the JVM names them (``lambda`` is reached with getattr: a Python keyword)."""

    k = _setting_param("k", TypeConverters.toInt)
    maxIter = _setting_param("maxIter", TypeConverters.toInt)
    seed = _setting_param("seed", TypeConverters.toInt)
    featuresCol = _setting_param("featuresCol", TypeConverters.toString)
    dimension = _setting_param("dimension", TypeConverters.toInt)
    predictionCol = _setting_param("predictionCol", TypeConverters.toString)
    epsilon = _setting_param("epsilon", TypeConverters.toFloat)
    sampler = _setting_param("sampler", TypeConverters.toString)
    sampleSize = _setting_param("sampleSize", TypeConverters.toFloat)
    geometry = _setting_param("geometry", TypeConverters.toString)
    normBound = _setting_param("normBound", TypeConverters.toFloat)
    center = _setting_param("center", TypeConverters.toListFloat)
    preprocessing = _setting_param("preprocessing", TypeConverters.toString)
    initMode = _setting_param("initMode", TypeConverters.toString)
    guards = _setting_param("guards", TypeConverters.toBoolean)
    minNoisyCount = _setting_param("minNoisyCount", TypeConverters.toFloat)
    offsetClip = _setting_param("offsetClip", TypeConverters.toString)
    privacyMode = _setting_param("privacyMode", TypeConverters.toString)
    clipRadius = _setting_param("clipRadius", TypeConverters.toFloat)
    origin = _setting_param("origin", TypeConverters.toListFloat)
    bounds = _setting_param("bounds", TypeConverters.toString)
    budgetLedger = _setting_param("budgetLedger", TypeConverters.toString)
    allowNonAtomicRename = _setting_param("allowNonAtomicRename", TypeConverters.toBoolean)
    normQuantile = _setting_param("normQuantile", TypeConverters.toFloat)
    tailRadius = _setting_param("tailRadius", TypeConverters.toBoolean)
    outliers = _setting_param("outliers", TypeConverters.toString)
    budgetCentre = _setting_param("budgetCentre", TypeConverters.toFloat)
    budgetHistogram = _setting_param("budgetHistogram", TypeConverters.toFloat)
    budgetInit = _setting_param("budgetInit", TypeConverters.toFloat)
    kCandidates = _setting_param("kCandidates", TypeConverters.toListInt)
    budgetKSelection = _setting_param("budgetKSelection", TypeConverters.toFloat)
    budgetSummary = _setting_param("budgetSummary", TypeConverters.toFloat)
    coresetSampleSize = _setting_param("coresetSampleSize", TypeConverters.toInt)
    stage1Size = _setting_param("stage1Size", TypeConverters.toFloat)
    stage1Cached = _setting_param("stage1Cached", TypeConverters.toBoolean)
    noise = _setting_param("noise", TypeConverters.toString)
    delta = _setting_param("delta", TypeConverters.toFloat)

    def getK(self):
        return self.getOrDefault(self.k)

    def getMaxIter(self):
        return self.getOrDefault(self.maxIter)

    def getSeed(self):
        return self.getOrDefault(self.seed)

    def getFeaturesCol(self):
        return self.getOrDefault(self.featuresCol)

    def getDimension(self):
        return self.getOrDefault(self.dimension)

    def getPredictionCol(self):
        return self.getOrDefault(self.predictionCol)

    def getEpsilon(self):
        return self.getOrDefault(self.epsilon)

    def getSampler(self):
        return self.getOrDefault(self.sampler)

    def getSampleSize(self):
        return self.getOrDefault(self.sampleSize)

    def getLambda(self):
        return self.getOrDefault("lambda")

    def getGeometry(self):
        return self.getOrDefault(self.geometry)

    def getNormBound(self):
        return self.getOrDefault(self.normBound)

    def getCenter(self):
        return self.getOrDefault(self.center)

    def getPreprocessing(self):
        return self.getOrDefault(self.preprocessing)

    def getInitMode(self):
        return self.getOrDefault(self.initMode)

    def getGuards(self):
        return self.getOrDefault(self.guards)

    def getMinNoisyCount(self):
        return self.getOrDefault(self.minNoisyCount)

    def getOffsetClip(self):
        return self.getOrDefault(self.offsetClip)

    def getPrivacyMode(self):
        return self.getOrDefault(self.privacyMode)

    def getClipRadius(self):
        return self.getOrDefault(self.clipRadius)

    def getOrigin(self):
        return self.getOrDefault(self.origin)

    def getBounds(self):
        return self.getOrDefault(self.bounds)

    def getBudgetLedger(self):
        return self.getOrDefault(self.budgetLedger)

    def getAllowNonAtomicRename(self):
        return self.getOrDefault(self.allowNonAtomicRename)

    def getNormQuantile(self):
        return self.getOrDefault(self.normQuantile)

    def getTailRadius(self):
        return self.getOrDefault(self.tailRadius)

    def getOutliers(self):
        return self.getOrDefault(self.outliers)

    def getBudgetCentre(self):
        return self.getOrDefault(self.budgetCentre)

    def getBudgetHistogram(self):
        return self.getOrDefault(self.budgetHistogram)

    def getBudgetInit(self):
        return self.getOrDefault(self.budgetInit)

    def getBudgetSummary(self):
        return self.getOrDefault(self.budgetSummary)

    def getKCandidates(self):
        return self.getOrDefault(self.kCandidates)

    def getBudgetKSelection(self):
        return self.getOrDefault(self.budgetKSelection)

    def getCoresetSampleSize(self):
        return self.getOrDefault(self.coresetSampleSize)

    def getStage1Size(self):
        return self.getOrDefault(self.stage1Size)

    def getStage1Cached(self):
        return self.getOrDefault(self.stage1Cached)

    def getNoise(self):
        return self.getOrDefault(self.noise)

    def getDelta(self):
        return self.getOrDefault(self.delta)


# "lambda" is a Python keyword: the param is an attribute only getattr reaches, named as the JVM names it
setattr(_PrivateKMeansParams, "lambda", _setting_param("lambda", TypeConverters.toFloat))

_KWARG_NAMES = {"lambda_": "lambda"}


def _as_params(kwargs):
    """Keyword arguments as param names (``lambda_`` is ``lambda``), those left as None dropped."""
    return {_KWARG_NAMES.get(name, name): value for name, value in kwargs.items() if value is not None}


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
                 budgetKSelection=None, allowNonAtomicRename=None):
        super().__init__()
        self._java_obj = self._new_java_obj(_JVM_PACKAGE + ".PrivateKMeans", self.uid)
        if not _remote(self):
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
                  budgetKSelection=None, allowNonAtomicRename=None):
        """Sets the given params; those left out (None) stay as they are."""
        return self._set(**_as_params(self._input_kwargs))

    @_jvm_errors_as_pais_errors
    def _fit_java(self, dataset):
        return super()._fit_java(dataset)

    def _create_model(self, java_model):
        return PrivateKMeansModel(java_model)

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


class PrivateKMeansModel(JavaModel, _PrivateKMeansParams, JavaMLReadable, JavaMLWritable):
    """The fitted model: the released centres and the privacy report of the release."""

    def clusterCenters(self):
        """The released centres, one numpy array each."""
        _refuse_over_connect(self, "clusterCenters()")
        return [vector.toArray() for vector in self._call_java("clusterCenters")]

    def privacyReport(self):
        """The privacy report as a dict: the same JSON as the job's privacy-report.json."""
        _refuse_over_connect(self, "privacyReport()")
        return json.loads(self._call_java("privacyReportJson"))

    @property
    def hasSummary(self):
        """Whether the release made a private training summary (as ``pyspark.ml.clustering.KMeansModel.hasSummary``)."""
        _refuse_over_connect(self, "hasSummary")
        return "trainingSummary" in self.privacyReport()

    def summary(self):
        """The private training summary (:class:`PrivateKMeansSummary`): DP cluster sizes and training cost of the
        released centres, with the epsilon they cost; saved and loaded with the model. Over Spark Connect:
        ``PrivateKMeansSummary.fromReport(read_privacy_report(spark, path))`` on the saved model."""
        _refuse_over_connect(self, "summary()")
        return PrivateKMeansSummary.fromReport(self.privacyReport())

    def numClusters(self):
        _refuse_over_connect(self, "numClusters()")
        return self._call_java("numClusters")

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


class _PrivateStandardScalerParams(_JvmCheckedParams):
    """The params of the private scaler and its model, named as the JVM (and Spark's StandardScaler) names them."""

    inputCol = _param("inputCol", "input column name (a Spark ML vector)", TypeConverters.toString)
    outputCol = _param("outputCol", "output column name", TypeConverters.toString)
    withMean = _param("withMean", "whether to centre the data with the DP mean", TypeConverters.toBoolean)
    withStd = _param("withStd", "whether to scale the data to unit DP standard deviation", TypeConverters.toBoolean)
    bounds = _param("bounds", "public per-coordinate bounds lo:hi the points are clamped into (required)",
                    TypeConverters.toString)
    epsilon = _param("epsilon", "the scaler's own epsilon, which adds to the other stages' (required)",
                     TypeConverters.toFloat)
    dimension = _param("dimension", "the size of the input vectors, a public input (0: the column's ML metadata "
                       "when it lists one attribute per scalar column)", TypeConverters.toInt)
    seed = _param("seed", "seed of a reproducible fit (unset: secure randomness)", TypeConverters.toInt)
    budgetLedger = _param("budgetLedger", "a budget ledger the fit charges its epsilon to", TypeConverters.toString)
    allowNonAtomicRename = _param("allowNonAtomicRename", "accept a budget ledger on a file system without atomic "
                                  "rename", TypeConverters.toBoolean)

    def getInputCol(self):
        return self.getOrDefault(self.inputCol)

    def getOutputCol(self):
        return self.getOrDefault(self.outputCol)

    def getWithMean(self):
        return self.getOrDefault(self.withMean)

    def getWithStd(self):
        return self.getOrDefault(self.withStd)

    def getBounds(self):
        return self.getOrDefault(self.bounds)

    def getEpsilon(self):
        return self.getOrDefault(self.epsilon)

    def getDimension(self):
        return self.getOrDefault(self.dimension)

    def getSeed(self):
        return self.getOrDefault(self.seed)

    def getBudgetLedger(self):
        return self.getOrDefault(self.budgetLedger)

    def getAllowNonAtomicRename(self):
        return self.getOrDefault(self.allowNonAtomicRename)


class PrivateStandardScaler(JavaEstimator, _PrivateStandardScalerParams, JavaMLReadable, JavaMLWritable):
    """Spark's StandardScaler with DP means and standard deviations from a public box (``bounds``), at its own
    ``epsilon`` (pure epsilon-DP, add/remove one record). The model scales as StandardScalerModel does and holds only
    DP outputs and its privacy report."""

    _java_obj = None

    @keyword_only
    def __init__(self, *, inputCol=None, outputCol=None, withMean=None, withStd=None, bounds=None, epsilon=None,
                 dimension=None, seed=None, budgetLedger=None, allowNonAtomicRename=None):
        super().__init__()
        self._java_obj = self._new_java_obj(_JVM_PACKAGE + ".PrivateStandardScaler", self.uid)
        if not _remote(self):
            self._transfer_params_from_java()
        self.setParams(**self._input_kwargs)

    @keyword_only
    def setParams(self, *, inputCol=None, outputCol=None, withMean=None, withStd=None, bounds=None, epsilon=None,
                  dimension=None, seed=None, budgetLedger=None, allowNonAtomicRename=None):
        """Sets the given params; those left out (None) stay as they are."""
        return self._set(**_as_params(self._input_kwargs))

    @_jvm_errors_as_pais_errors
    def _fit_java(self, dataset):
        return super()._fit_java(dataset)

    def _create_model(self, java_model):
        return PrivateStandardScalerModel(java_model)

    def setInputCol(self, value):
        return self._set(inputCol=value)

    def setOutputCol(self, value):
        return self._set(outputCol=value)

    def setWithMean(self, value):
        return self._set(withMean=value)

    def setWithStd(self, value):
        return self._set(withStd=value)

    def setBounds(self, value):
        return self._set(bounds=value)

    def setEpsilon(self, value):
        return self._set(epsilon=value)

    def setDimension(self, value):
        return self._set(dimension=value)

    def setSeed(self, value):
        return self._set(seed=value)

    def setBudgetLedger(self, value):
        return self._set(budgetLedger=value)

    def setAllowNonAtomicRename(self, value):
        return self._set(allowNonAtomicRename=value)


class PrivateStandardScalerModel(JavaModel, _PrivateStandardScalerParams, JavaMLReadable, JavaMLWritable):
    """A fitted :class:`PrivateStandardScaler`: the DP means and deviations and what they cost."""

    @property
    def mean(self):
        """The DP means (a DenseVector, as StandardScalerModel.mean)."""
        _refuse_over_connect(self, "mean")
        return self._call_java("mean")

    @property
    def std(self):
        """The DP standard deviations (empty when fitted with withStd false)."""
        _refuse_over_connect(self, "std")
        return self._call_java("std")

    def privacyReport(self):
        """What the fit spent and how, as a dict (its ledger of three entries; the budget claim, if any)."""
        _refuse_over_connect(self, "privacyReport()")
        return json.loads(self._call_java("privacyReportJson"))

    @_jvm_errors_as_pais_errors
    def _transform(self, dataset):
        return super()._transform(dataset)

    def setInputCol(self, value):
        return self._set(inputCol=value)

    def setOutputCol(self, value):
        return self._set(outputCol=value)


class BoxScaler(JavaTransformer, _JvmCheckedParams, JavaMLReadable, JavaMLWritable):
    """Maps a public box onto [-1, 1]^d ((x - midpoint) / half-width, clamped unless ``clip`` is False): a function
    of public bounds that reads nothing and spends no epsilon. A PrivateKMeans after it takes ``bounds="-1:1"``."""

    inputCol = _param("inputCol", "input column name (a Spark ML vector)", TypeConverters.toString)
    outputCol = _param("outputCol", "output column name", TypeConverters.toString)
    bounds = _param("bounds", "the public box, lo:hi for every coordinate or one lo:hi per coordinate (required)",
                    TypeConverters.toString)
    clip = _param("clip", "whether to clamp values outside the box onto its faces", TypeConverters.toBoolean)

    _java_obj = None

    @keyword_only
    def __init__(self, *, inputCol=None, outputCol=None, bounds=None, clip=None):
        super().__init__()
        self._java_obj = self._new_java_obj(_JVM_PACKAGE + ".BoxScaler", self.uid)
        if not _remote(self):
            self._transfer_params_from_java()
        self.setParams(**self._input_kwargs)

    @keyword_only
    def setParams(self, *, inputCol=None, outputCol=None, bounds=None, clip=None):
        """Sets the given params; those left out (None) stay as they are."""
        return self._set(**_as_params(self._input_kwargs))

    @_jvm_errors_as_pais_errors
    def _transform(self, dataset):
        return super()._transform(dataset)

    def getInputCol(self):
        return self.getOrDefault(self.inputCol)

    def getOutputCol(self):
        return self.getOrDefault(self.outputCol)

    def getBounds(self):
        return self.getOrDefault(self.bounds)

    def getClip(self):
        return self.getOrDefault(self.clip)

    def setInputCol(self, value):
        return self._set(inputCol=value)

    def setOutputCol(self, value):
        return self._set(outputCol=value)

    def setBounds(self, value):
        return self._set(bounds=value)

    def setClip(self, value):
        return self._set(clip=value)


class PrivatePipeline(Pipeline):
    """A Pipeline whose ``fit`` refuses, in one PaisError and before it reads a row, every stage that would put exact
    statistics of the data into the model: an Estimator other than the pais ones (the message names the stage and its
    private alternative), a PrivateKMeans in paper mode, and a fitted Model passed in as a stage unless declared fitted
    elsewhere on public data (:meth:`declareFittedOnPublicData`). The rule is the JVM's ``io.pais.ml.PrivatePipeline``
    (so the check needs a classic session: over Spark Connect it is refused). :meth:`privacyReport` composes the
    fitted private stages' guarantees into one."""

    publicStages = _param("publicStages", "the uids of fitted models declared fitted elsewhere on public data",
                          TypeConverters.toListString)

    @keyword_only
    def __init__(self, *, stages=None, publicStages=None):
        given = dict(self._input_kwargs)
        super().__init__()
        self._setDefault(publicStages=[])
        self._set(**{name: value for name, value in given.items() if value is not None})

    def getPublicStages(self):
        return self.getOrDefault(self.publicStages)

    def setPublicStages(self, uids):
        return self._set(publicStages=uids)

    def declareFittedOnPublicData(self, *models):
        """Declares fitted models (for example a StringIndexerModel made from a public list of labels) as fitted
        elsewhere on public data: the pipeline then accepts them. The declaration is the user's; nothing checks it."""
        uids = list(self.getPublicStages())
        uids += [m.uid for m in models if m.uid not in uids]
        return self.setPublicStages(uids)

    @_jvm_errors_as_pais_errors
    def check(self):
        """What ``fit`` checks first, alone: raises PaisError naming the first stage that would save exact
        statistics of the data."""
        if SparkContext._jvm is None:
            raise PaisError("PrivatePipeline checks its stages in the JVM, which a Spark Connect client cannot reach: "
                            "fit the pipeline from a classic session")
        declared = set(self.getPublicStages())
        for index, stage in enumerate(self.getStages()):
            if not hasattr(stage, "_to_java") and stage.uid not in declared:
                raise PaisError("PrivatePipeline: stage %d (%s %s) runs in Python only, so what it learns from the data "
                                "cannot be checked; fit it on public data and declare it with "
                                "declareFittedOnPublicData" % (index + 1, type(stage).__name__, stage.uid))
        self._to_java().check()

    def _fit(self, dataset):
        self.check()
        return super()._fit(dataset)

    def _to_java(self):
        gateway = SparkContext._gateway
        stages = [stage for stage in self.getStages() if hasattr(stage, "_to_java")]
        java_stages = gateway.new_array(SparkContext._jvm.org.apache.spark.ml.PipelineStage, len(stages))
        for index, stage in enumerate(stages):
            java_stages[index] = stage._to_java()
        java_uids = gateway.new_array(SparkContext._jvm.java.lang.String, len(self.getPublicStages()))
        for index, uid in enumerate(self.getPublicStages()):
            java_uids[index] = uid
        java_pipeline = SparkContext._jvm.io.pais.ml.PrivatePipeline(self.uid)
        java_pipeline.setStages(java_stages)
        java_pipeline.setPublicStages(java_uids)
        return java_pipeline

    @classmethod
    def _from_java(cls, java_stage):
        pipeline = super()._from_java(java_stage)
        return pipeline.setPublicStages(list(java_stage.getPublicStages()))

    def write(self):
        """Saves through the JVM's PrivatePipeline (Spark's layout and the declared public stages), on every Spark
        line (PySpark 4 would otherwise write a plain Pipeline from Python)."""
        return JavaMLWriter(self)

    @classmethod
    def read(cls):
        return _PrivatePipelineReader(cls)

    @staticmethod
    @_jvm_errors_as_pais_errors
    def privacyReport(model):
        """The guarantee of a fitted pipeline's private stages together, as a dict: the composed epsilon, delta and
        relation, and every private stage's own report (nested pipeline models included)."""
        return json.loads(SparkContext._jvm.io.pais.ml.PrivatePipeline.privacyReportJson(model._to_java()))


class _PrivatePipelineReader(MLReader):
    """Loads a saved PrivatePipeline through the JVM's reader, its stages and declarations included."""

    def __init__(self, cls):
        super().__init__()
        self.cls = cls

    @_jvm_errors_as_pais_errors
    def load(self, path):
        return self.cls._from_java(SparkContext._jvm.io.pais.ml.PrivatePipeline.load(path))


def _register_jvm_package_name():
    """PySpark names a stage's JVM class after its Python module (PipelineModel loading imports the JVM class name
    as a module path; the readers, classic and Spark Connect, derive the JVM class from ``__module__``). The JVM
    package io.pais.ml would be the standard library's io to Python: this module is also registered under that name,
    and the stages say they live there."""
    module = sys.modules[__name__]
    sys.modules.setdefault("io.pais", sys.modules["pais"])
    sys.modules.setdefault(_JVM_PACKAGE, module)
    for stage in (PrivateKMeans, PrivateKMeansModel, PrivateStandardScaler, PrivateStandardScalerModel, BoxScaler,
                  PrivatePipeline):
        stage.__module__ = _JVM_PACKAGE


_register_jvm_package_name()
