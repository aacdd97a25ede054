"""A Pipeline that refuses stages which would put exact statistics of the data into the model."""

import json

from pyspark import SparkContext, keyword_only
from pyspark.ml import Pipeline
from pyspark.ml.param import TypeConverters
from pyspark.ml.util import JavaMLWriter, MLReader

from pais import PaisError
from pais.ml._jvm import _jvm_errors_as_pais_errors, _param


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
