import { describe, expect, it } from "vitest";
import { errorFromResponse, InvalidResponseError, TimeoutError } from "@/server/upstream/errors";
import { toAppError } from "./to-app-error";

const ctx = {
  service: "admin" as const,
  method: "PATCH",
  path: "/api/v3/custodians/me/clients/{clientId}/enable-eject",
  requestId: "up-1",
};

describe("upstream errors as users see them", () => {
  it("shows the upstream's reason for a 400, with secrets scrubbed", () => {
    const error = errorFromResponse(
      400,
      { error: "ejectableUntil must be at least 1 minute from now. share=eyJzZWNyZXQiOiJ4In0xxxxxxxx" },
      ctx,
    );
    const app = toAppError(error);
    expect(app.code).toBe("VALIDATION");
    expect(app.userMessage).toContain("ejectableUntil must be at least 1 minute from now");
    expect(app.userMessage).not.toContain("eyJzZWNyZXQ");
    expect(app.userMessage).not.toContain("/api/v3");
  });

  it("maps status families to codes without leaking paths", () => {
    expect(toAppError(errorFromResponse(404, {}, ctx)).code).toBe("NOT_FOUND");
    expect(toAppError(errorFromResponse(429, {}, ctx)).code).toBe("RATE_LIMITED");
    expect(toAppError(errorFromResponse(503, "boom at db.internal:5432", ctx))).toMatchObject({ code: "UPSTREAM" });
    expect(toAppError(errorFromResponse(503, "boom at db.internal:5432", ctx)).userMessage).not.toContain(
      "db.internal",
    );
    expect(toAppError(errorFromResponse(401, {}, ctx)).userMessage).toContain("credentials");
    expect(toAppError(new TimeoutError("t", { code: "timeout" })).code).toBe("UPSTREAM_UNAVAILABLE");
    expect(
      toAppError(
        new InvalidResponseError("x", {
          code: "invalid_response",
          issues: [{ path: "results.0.id", message: "Required" }],
        }),
      ).userMessage,
    ).toContain("results.0.id");
    expect(toAppError(new Error("SELECT * FROM users")).userMessage).toBe("Something went wrong on the server.");
  });
});

describe("errors from another copy of the upstream module", () => {
  it("are still recognised by their brand, not instanceof", () => {
    const foreign = Object.assign(new Error("Bad request (400) from admin GET …"), {
      name: "BadRequestError",
      upstreamMessage: "window closed",
      status: 400,
    });
    Object.defineProperty(foreign, Symbol.for("custodian-console.upstream-error"), { value: true });
    expect(toAppError(foreign)).toMatchObject({
      code: "VALIDATION",
      userMessage: "The upstream refused the request: window closed.",
    });
  });
});
