package dev.flashsale.reports.entity;

/** One SKU's part of a sale's report. */
public record SkuFunnel(String sku, Funnel funnel) {
}
