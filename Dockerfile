# The pais job in a Spark image, for Kubernetes (submit/pais-k8s): the official Apache Spark image of the line the
# jar is built for (Java 17) with the pais jar at /opt/pais/pais.jar (the Python package inside it) and its log
# configuration at /opt/pais/conf/log4j2.properties. The jar is built in a first stage, so no local build is needed:
#
#   docker build -t registry.example/pais:0.1.0 .
#   docker push registry.example/pais:0.1.0
#
# For the Spark 4.x lines (one jar, built against 4.0.1, serves them all):
#   docker build --build-arg SPARK_IMAGE=apache/spark:4.0.1-scala2.13-java17-ubuntu \
#     --build-arg MAVEN_PROFILES=-Pspark-4.0 -t registry.example/pais:0.1.0-spark4 .
# Not built here (this machine has no Docker daemon): DockerfileTest holds its image tags to the pom's versions and
# its paths to the repository and to what the build writes. The image names follow the Apache Spark project's tags.
ARG SPARK_IMAGE=apache/spark:3.5.9-scala2.12-java17-ubuntu

FROM maven:3.9-eclipse-temurin-17 AS build
ARG MAVEN_PROFILES=
WORKDIR /src
COPY pom.xml ./
COPY conf conf
COPY src/main src/main
COPY python/pais python/pais
# the shaded jar, wherever the profile writes it (target/, or target/spark-4.x/)
RUN mvn -q -B --no-transfer-progress ${MAVEN_PROFILES} -DskipTests package \
  && cp "$(find target -name 'pais-spark-*.jar' ! -name 'original-*' | head -1)" /src/pais.jar

FROM ${SPARK_IMAGE}
COPY --from=build /src/pais.jar /opt/pais/pais.jar
COPY conf/log4j2.properties /opt/pais/conf/log4j2.properties
