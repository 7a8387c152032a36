/**
 * The randomized fault campaign: runs of a fresh sale on two application nodes, a crowd of clients
 * and a schedule of overlapping faults, each run drawn from its seed and judged by the history
 * checker. Not part of the test command (a smoke of three runs is): see docs/testing.md.
 */
package dev.flashsale.campaign;
