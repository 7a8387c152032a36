/**
 * What every component shares: the data source and its migrations, SQL loading, problem+json
 * answers, REST wiring and the API authentication.
 */
package dev.flashsale.platform;
