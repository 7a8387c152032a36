package dev.flashsale.access.entity;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The one rule for the role a user is given: one of the console's three. */
@NotNull
@Pattern(regexp = "administrator|merchandiser|viewer")
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface UserRole {

    String message() default "must be administrator, merchandiser or viewer";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
