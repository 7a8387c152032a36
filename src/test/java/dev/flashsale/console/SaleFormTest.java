package dev.flashsale.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SaleFormTest {

    /** Each field the sale's rules name is the id of the input (or table) whose message shows it. */
    @Test
    void aRulesFieldIsTheIdOfItsInputOnTheForm() {
        assertEquals("saleForm:name", SaleForm.clientIdOf("name"));
        assertEquals("saleForm:endsAt", SaleForm.clientIdOf("endsAt"));
        assertEquals("saleForm:items", SaleForm.clientIdOf("items"));
        assertEquals("saleForm:items:3", SaleForm.clientIdOf("items[3]"));
        assertEquals("saleForm:items:0:units", SaleForm.clientIdOf("items[0].units"));
        assertEquals("saleForm:items:12:sku", SaleForm.clientIdOf("items[12].sku"));
    }
}
