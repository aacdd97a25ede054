/**
 * Reading points (CSV, LibSVM, any Spark data source or catalog table) with where their dimension came from, and
 * writing a release all or nothing without touching what the job did not write.
 */
package io.pais.io;
