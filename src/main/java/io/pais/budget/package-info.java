/**
 * A privacy budget that outlives a run: a ledger directory on any Hadoop file system, declared once with a total
 * (ε, δ), from which every release claims its own (ε, δ) before it reads data. Releases compose by basic sequential
 * composition: the guarantee of everything released from one data set is the sum of the claims.
 */
package io.pais.budget;
