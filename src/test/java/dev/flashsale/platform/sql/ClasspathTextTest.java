package dev.flashsale.platform.sql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every statement the application names is shipped in db/, and the migrations are left to Flyway. */
class ClasspathTextTest {

    @Test
    void loadsTheStatementsUnderDbWithoutTheMigrations() {
        Map<String, String> statements = ClasspathText.readTree("db", ".sql", "migration/");

        for (String name : new String[] {"stock/take_units", "sales/find_offer", "stock/sell_units_of_confirmed_hold",
                "stock/return_units_of_cancelled_hold", "stock/take_units_for_late_payment",
                "stock/return_units_of_overdue_holds", "reservations/find_skus_with_overdue_holds",
                "sales/insert_sale", "sales/insert_sale_item", "sales/open_sale", "sales/pause_sale", "sales/close_sale"}) {
            assertTrue(statements.containsKey(name), name + " is missing");
        }
        assertFalse(statements.keySet().stream().anyMatch(name -> name.startsWith("migration")));
        assertTrue(statements.get("stock/take_units").contains("total - held - sold >="),
                "the claim is guarded in the statement itself");
    }
}
