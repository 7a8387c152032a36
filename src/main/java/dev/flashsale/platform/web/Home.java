package dev.flashsale.platform.web;

import dev.flashsale.platform.security.Access;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The application's root sends people to the console (which asks them to log in). */
@Access(Access.PUBLIC)
@WebServlet("")
public class Home extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.sendRedirect(request.getContextPath() + "/console/sales.xhtml");
    }
}
