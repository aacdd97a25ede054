"""The params of PrivateKMeans and its model, named and documented as the JVM's (pais._settings)."""

from pyspark.ml.param import TypeConverters

from pais.ml._jvm import _JvmCheckedParams, _setting_param, _to_bounds


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
    bounds = _setting_param("bounds", _to_bounds)
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

    def getDistanceMeasure(self):
        """Always "euclidean": the cost pais's noise is calibrated to (MLlib KMeans's param, for pipelines that ask)."""
        return "euclidean"

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
