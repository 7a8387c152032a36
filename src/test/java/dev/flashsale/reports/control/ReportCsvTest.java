package dev.flashsale.reports.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Text a buyer or a user chose is written inert: no spreadsheet runs it as a formula. */
class ReportCsvTest {

    @Test
    void textThatBeginsAsAFormulaGetsALeadingApostrophe() {
        for (String formula : new String[] {"=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"}) {
            assertEquals("'" + formula, ReportCsv.inert(formula));
        }
        assertEquals("buyer-7", ReportCsv.inert("buyer-7"));
        assertEquals("", ReportCsv.inert(""));
        assertNull(ReportCsv.inert(null));
    }
}
