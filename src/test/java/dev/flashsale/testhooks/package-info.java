/**
 * Test-only HTTP entries into the server, deployed with the application in the integration tests
 * alone: they let a test drive a boundary bean directly (a sweep now, a payment inside a
 * transaction the test shapes) where the product's API offers no way to.
 */
package dev.flashsale.testhooks;
