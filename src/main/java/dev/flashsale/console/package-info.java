/**
 * The merchandisers' console (Faces with PrimeFaces): its views only call the same boundaries
 * as the admin API, so roles, validation and the audit trail are the same on both paths.
 */
package dev.flashsale.console;
