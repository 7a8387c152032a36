package dev.flashsale.console;

import java.util.List;

/**
 * The checks of the sale form that need more than one field, run after Faces has checked each
 * field alone; every message goes next to the field it is about.
 */
final class SaleFormChecks {

    private SaleFormChecks() {
    }

    static boolean pass(SaleTerms terms, List<SaleItemRow> items, ConsoleActions actions) {
        boolean ok = true;
        if (items.isEmpty()) {
            actions.error(SaleForm.FORM + ":items", "A sale needs at least one SKU");
            ok = false;
        }
        if (!terms.endsAfterStart()) {
            actions.error(SaleForm.FORM + ":endsAt", "The sale must end after it starts");
            ok = false;
        }
        for (int i = 0; i < items.size(); i++) {
            SaleItemRow row = items.get(i);
            if (row.isExisting() && row.getUnits() != null && row.getUnits() < row.committed()) {
                actions.error(SaleForm.FORM + ":items:" + i + ":units", "No fewer than the " + row.committed()
                        + " units already held or sold");
                ok = false;
            }
            for (int j = 0; j < i; j++) {
                if (row.getSku() != null && row.strippedSku().equals(items.get(j).strippedSku())) {
                    actions.error(SaleForm.FORM + ":items:" + i + ":sku", "This SKU is listed twice");
                    ok = false;
                }
            }
        }
        return ok;
    }
}
