/**
 * What every component shares: the data source and its migrations, SQL loading, problem+json
 * answers, REST wiring, the API authentication and the walk over a failure's causes
 * ({@code Causes}). Platform uses no component.
 */
package dev.flashsale.platform;
