/**
 * Who may do what: the users of the console and the admin API (kept in PostgreSQL with the
 * platform's PBKDF2 hash, the first one from configuration), the storefronts' API keys, and the
 * one authentication mechanism that tells them apart by path.
 */
package dev.flashsale.access;
