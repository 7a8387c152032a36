package dev.flashsale.stock.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.control.DashboardFigures;
import dev.flashsale.stock.entity.HeldSoldPoint;
import dev.flashsale.stock.entity.SkuActivity;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.List;

/** The live figures of a sale, for the console's dashboard. */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class SaleDashboard {

    public static final int CHART_POINTS = 120;

    @Inject
    DashboardFigures activity;

    public List<SkuActivity> perSku(SaleId saleId) {
        return activity.perSku(saleId);
    }

    public List<HeldSoldPoint> overTime(SaleId saleId) {
        return activity.overTime(saleId, CHART_POINTS);
    }
}
