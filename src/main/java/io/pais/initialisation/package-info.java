/**
 * How the first centres are chosen: the data-independent starts, the paper's sample points and the private coreset
 * ({@link io.pais.initialisation.Initialiser} dispatches on {@link io.pais.settings.Initialisation}).
 */
package io.pais.initialisation;
