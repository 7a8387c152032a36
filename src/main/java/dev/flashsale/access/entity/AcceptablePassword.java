package dev.flashsale.access.entity;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The one rule for a password a user is given or chooses: 12 to 200 characters. */
@NotNull
@Size(min = 12, max = 200)
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface AcceptablePassword {

    String message() default "must be 12 to 200 characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
