package dev.flashsale.reports.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reports.entity.SaleReport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * After the sale: its report and the data to take away (HTTP Basic, every role). Under the
 * sale's {@code report} path, not the sale's own: the REST framework picks one resource class by
 * its path and never tries another, so a class at {@code admin/sales/{saleId}} would hide the
 * sales' own calls below it.
 */
@ApplicationScoped
@Tag(name = "Admin: reports")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/sales/{saleId}/report")
public class SaleReportResource {

    @Inject
    SaleReports reports;

    @Operation(summary = "What happened in a sale, as a whole and per SKU: buyers, reservations by status, units held, "
            + "returned, sold and taken again, the paid share, and when it opened, first held, sold out and was last paid")
    @APIResponse(responseCode = "200", description = "The report",
            content = @Content(schema = @Schema(implementation = SaleReport.class)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public SaleReport report(@PathParam("saleId") SaleId saleId) {
        return reports.of(saleId);
    }

    @Operation(summary = "The report's figures as CSV: a row per SKU and one for the whole sale, (all)")
    @APIResponse(responseCode = "200", description = "The figures (RFC 4180, UTF-8, a header row, times in ISO-8601 UTC)",
            content = @Content(mediaType = "text/csv", schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Path("figures.csv")
    @Produces("text/csv")
    public Response figures(@PathParam("saleId") SaleId saleId) {
        reports.mustExist(saleId);
        return csv(saleId, "figures", out -> reports.writeFigures(saleId, out));
    }

    @Operation(summary = "The sale's reservations as CSV, oldest first, streamed: id, SKU, buyer, quantity, status, "
            + "created, expires, confirmed, cancelled and expired at, and the storefront key's name")
    @APIResponse(responseCode = "200", description = "The reservations (RFC 4180, UTF-8, a header row, times in ISO-8601 UTC)",
            content = @Content(mediaType = "text/csv", schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @APIResponse(responseCode = "503", description = "exports-busy")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Path("reservations.csv")
    @Produces("text/csv")
    public Response reservations(@PathParam("saleId") SaleId saleId) {
        reports.mustExist(saleId);
        return csv(saleId, "reservations", out -> reports.writeReservations(saleId, out));
    }

    private static Response csv(SaleId saleId, String what, StreamingOutput body) {
        return Response.ok(body, SaleReports.CSV)
                .header("Content-Disposition", "attachment; filename=\"sale-" + saleId + "-" + what + ".csv\"")
                .build();
    }
}
