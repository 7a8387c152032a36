package dev.flashsale.reservations.entity;

/**
 * How reservations were grouped on this node since it started: the largest group allowed, the
 * group transactions run, the requests they held (requests / groups is the mean group size), and
 * the requests a group left undecided, which were then reserved alone (their group's transaction
 * failed), and the reserve transactions tried again after another transaction took one of their
 * keys meanwhile or PostgreSQL broke a deadlock by aborting them; the requests that waited in
 * line past their deadline (answered 503); and the stock rows that have requests in line right
 * now (an idle line is dropped).
 */
public record CheckoutGroups(int groupMax, long groups, long requests, long undecided, long retried, long gaveUp,
                             int lines) {
}
