"""Spark ML stages of pais: :class:`PrivateKMeans` and the :class:`PrivateKMeansModel` it fits; the private
preprocessing stages :class:`PrivateStandardScaler` and :class:`BoxScaler`; and :class:`PrivatePipeline`.

Thin wrappers over the JVM classes ``io.pais.ml.PrivateKMeans`` and ``io.pais.ml.PrivateKMeansModel``, in the style of
``pyspark.ml.clustering.KMeans``: every JVM param is declared here with the same name, and its default is read from
the JVM, not copied. A setting the JVM refuses raises one :class:`pais.PaisError` naming the param and the rule.
"""

import sys

from pais.ml._jvm import _JVM_PACKAGE
from pais.ml.clustering import (PrivateKMeans, PrivateKMeansModel, PrivateKMeansSummary, read_cluster_centers,
                                read_privacy_report)
from pais.ml.feature import BoxScaler, PrivateStandardScaler, PrivateStandardScalerModel
from pais.ml.pipeline import PrivatePipeline

__all__ = ["BoxScaler", "PrivateKMeans", "PrivateKMeansModel", "PrivateKMeansSummary", "PrivatePipeline",
           "PrivateStandardScaler", "PrivateStandardScalerModel", "read_cluster_centers", "read_privacy_report"]


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
