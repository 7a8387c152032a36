package dev.flashsale.reservations.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReserveRequestTest {

    @Test
    void acceptsWholeQuantitiesFromOneTo10000() {
        assertEquals(1, new ReserveRequest("SKU-1", "b", BigDecimal.ONE).units());
        assertEquals(10_000, new ReserveRequest("SKU-1", "b", new BigDecimal("10000")).units());
        assertEquals(2, new ReserveRequest("SKU-1", "b", new BigDecimal("2.00")).units());
        assertEquals(100, new ReserveRequest("SKU-1", "b", new BigDecimal("1E+2")).units());
    }

    @Test
    void namesEachInvalidFieldInOrder() {
        Problem problem = refused(null, " ", new BigDecimal("1.5"));
        assertEquals(400, problem.status());
        assertEquals(Problem.TYPE_BASE + "invalid-request", problem.type());
        assertEquals(List.of(new Problem.FieldError("buyerId", "must not be blank"),
                new Problem.FieldError("qty", "must be a whole number"),
                new Problem.FieldError("sku", "must not be null")), problem.errors());
        assertEquals("buyerId: must not be blank", problem.detail());
    }

    @Test
    void refusesQuantitiesOutOfRangeAndBadSkusAndLongBuyers() {
        assertEquals("qty", refused("SKU-1", "b", BigDecimal.ZERO).errors().get(0).field());
        assertEquals("qty", refused("SKU-1", "b", new BigDecimal("-1")).errors().get(0).field());
        assertEquals("qty", refused("SKU-1", "b", new BigDecimal("10001")).errors().get(0).field());
        assertEquals("qty", refused("SKU-1", "b", new BigDecimal("3000000000")).errors().get(0).field());
        assertEquals("qty", refused("SKU-1", "b", null).errors().get(0).field());
        assertEquals("sku", refused("no spaces allowed", "b", BigDecimal.ONE).errors().get(0).field());
        assertEquals("buyerId", refused("SKU-1", "b".repeat(129), BigDecimal.ONE).errors().get(0).field());
        assertEquals("buyerId", refused("SKU-1", null, BigDecimal.ONE).errors().get(0).field());
    }

    private static Problem refused(String sku, String buyerId, BigDecimal qty) {
        return assertThrows(ProblemException.class, () -> new ReserveRequest(sku, buyerId, qty)).toProblem();
    }
}
