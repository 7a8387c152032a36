-- Every SKU some sale has, whatever the sale's status.
SELECT sku FROM sku_item
