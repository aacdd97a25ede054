# The pais job in a Spark image, for Kubernetes (submit/pais-k8s): the official Apache Spark 3.5.7 image (Scala
# 2.12, Java 17) with the pais jar at /opt/pais/pais.jar and its log configuration at
# /opt/pais/conf/log4j2.properties. The jar is built in a first stage, so no local build is needed:
#
#   docker build -t registry.example/pais:0.1.0 .
#   docker push registry.example/pais:0.1.0
#
# For the Spark 4.0 line: docker build --build-arg SPARK_IMAGE=apache/spark:4.0.1-scala2.13-java17-ubuntu \
#   --build-arg MAVEN_PROFILES=-Pspark-4.0 -t registry.example/pais:0.1.0-spark4 .
# Not built here (this machine has no Docker and no registry access): the image names follow the Apache Spark
# project's published tags.
ARG SPARK_IMAGE=apache/spark:3.5.7-scala2.12-java17-ubuntu

FROM maven:3.9-eclipse-temurin-17 AS build
ARG MAVEN_PROFILES=
WORKDIR /src
COPY pom.xml ./
COPY conf conf
COPY src/main src/main
RUN mvn -q -B --no-transfer-progress ${MAVEN_PROFILES} -DskipTests package

FROM ${SPARK_IMAGE}
COPY --from=build /src/target/pais-spark-*.jar /opt/pais/pais.jar
COPY conf/log4j2.properties /opt/pais/conf/log4j2.properties
