package dev.flashsale.testsupport;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.UUID;

/** Sets up sales through the admin API, each with SKUs of its own so tests never meet. */
public final class Sales {

    private Sales() {
    }

    public static String uniqueSku(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 13);
    }

    /** Creates and opens a one-SKU sale; returns the sale as the API answered it. */
    public static JsonObject openSale(Api api, String sku, int units, int maxPerOrder, int holdSeconds, String latePayment) {
        return openSale(api, sku, units, maxPerOrder, holdSeconds, latePayment, 1);
    }

    /** A sale of one SKU spread over {@code shards} stock rows, opened. */
    public static JsonObject openSale(Api api, String sku, int units, int maxPerOrder, int holdSeconds, String latePayment,
                                      int shards) {
        return openSale(api, sku, units, maxPerOrder, holdSeconds, latePayment, shards, 0, 0);
    }

    /** A one-SKU sale whose holds may be extended {@code maxExtensions} times by up to {@code maxExtensionSeconds}, opened. */
    public static JsonObject openSaleWithExtensions(Api api, String sku, int units, int holdSeconds, int maxExtensionSeconds,
                                                    int maxExtensions) {
        return openSale(api, sku, units, 1, holdSeconds, "REFUSE", 1, maxExtensionSeconds, maxExtensions);
    }

    private static JsonObject openSale(Api api, String sku, int units, int maxPerOrder, int holdSeconds, String latePayment,
                                       int shards, int maxExtensionSeconds, int maxExtensions) {
        JsonObject body = Json.createObjectBuilder()
                .add("name", "Sale of " + sku)
                .add("holdSeconds", holdSeconds)
                .add("maxPerOrder", maxPerOrder)
                .add("latePayment", latePayment)
                .add("maxExtensionSeconds", maxExtensionSeconds)
                .add("maxExtensions", maxExtensions)
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)
                        .add("shards", shards)))
                .build();
        Api.Answer created = api.adminPost("api/admin/sales", body.toString());
        if (created.status() != 201) {
            throw new IllegalStateException("Sale not created: " + created);
        }
        String id = created.json().getString("id");
        Api.Answer opened = api.adminPostEmpty("api/admin/sales/" + id + "/open");
        if (opened.status() != 200) {
            throw new IllegalStateException("Sale not opened: " + opened);
        }
        return opened.json();
    }

    public static String openSku(Api api, int units, int maxPerOrder, int holdSeconds, String latePayment) {
        String sku = uniqueSku("sku");
        openSale(api, sku, units, maxPerOrder, holdSeconds, latePayment);
        return sku;
    }
}
