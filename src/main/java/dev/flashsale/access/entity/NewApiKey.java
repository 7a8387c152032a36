package dev.flashsale.access.entity;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** A storefront key to issue, named after the storefront that will use it. */
public record NewApiKey(@NotBlank @Size(max = 100) String name) {
}
