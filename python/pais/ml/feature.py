"""The private preprocessing stages: :class:`PrivateStandardScaler` (DP moments from a public box) and its model,
and :class:`BoxScaler` (a public box, no epsilon)."""

import json

from pyspark import keyword_only
from pyspark.ml.param import TypeConverters
from pyspark.ml.util import JavaMLReadable, JavaMLWritable
from pyspark.ml.wrapper import JavaEstimator, JavaModel, JavaTransformer

from pais.ml._jvm import (_JVM_PACKAGE, _JvmCheckedParams, _as_params, _jvm_errors_as_pais_errors, _param,
                          _refuse_over_connect, _remote, _to_bounds)


class _PrivateStandardScalerParams(_JvmCheckedParams):
    """The params of the private scaler and its model, named as the JVM (and Spark's StandardScaler) names them."""

    inputCol = _param("inputCol", "input column name (a Spark ML vector)", TypeConverters.toString)
    outputCol = _param("outputCol", "output column name", TypeConverters.toString)
    withMean = _param("withMean", "whether to centre the data with the DP mean", TypeConverters.toBoolean)
    withStd = _param("withStd", "whether to scale the data to unit DP standard deviation", TypeConverters.toBoolean)
    bounds = _param("bounds", "public per-coordinate bounds lo:hi the points are clamped into (required)",
                    _to_bounds)
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
                    _to_bounds)
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
