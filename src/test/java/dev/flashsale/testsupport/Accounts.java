package dev.flashsale.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.UUID;

/** Console and admin API users a test adds for itself, through the admin API as the configured administrator. */
public final class Accounts {

    private Accounts() {
    }

    /** A new user of the role, named after it and made unique; its password is {@link #password}. */
    public static String add(Api api, String role) {
        String user = role.substring(0, 5) + "-" + UUID.randomUUID().toString().substring(0, 8);
        Api.Answer added = api.post("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password(user)
                + "\",\"role\":\"" + role + "\"}", "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD));
        assertEquals(201, added.status(), added.toString());
        return user;
    }

    public static String password(String user) {
        return "password-of-" + user;
    }
}
