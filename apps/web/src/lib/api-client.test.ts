import { describe, expect, it } from "vitest";
import { mockFetch, setXsrfCookie } from "@/test/render.tsx";
import { ApiError, apiClient } from "./api-client.ts";

describe("apiClient", () => {
  it("sends X-XSRF-TOKEN from the cookie on unsafe calls, with credentials", async () => {
    setXsrfCookie("abc123");
    const calls = mockFetch(() => ({ status: 200, body: { status: 1, message: "ok" } }));
    await apiClient.patch("/profile/edit", { about: "hi" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe("PATCH");
    expect(calls[0]?.path).toBe("/profile/edit");
    expect(calls[0]?.headers.get("X-XSRF-TOKEN")).toBe("abc123");
    expect(calls[0]?.body).toEqual({ about: "hi" });
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0];
    expect(init?.[1].credentials).toBe("include");
  });

  it("fetches the XSRF cookie with a GET first when it is missing", async () => {
    const calls = mockFetch((call) => {
      if (call.path === "/health") {
        setXsrfCookie("fresh");
        return { body: { status: 1, data: { db: "pglite" } } };
      }
      return { status: 201, body: { status: 1, message: "ok", data: {} } };
    });
    await apiClient.post("/signup", {});
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /health",
      "POST /signup",
    ]);
    expect(calls[1]?.headers.get("X-XSRF-TOKEN")).toBe("fresh");
  });

  it("throws an ApiError carrying the body's message, code and field errors", async () => {
    setXsrfCookie();
    mockFetch(() => ({
      status: 400,
      body: {
        status: 0,
        code: "VALIDATION",
        message: "Check the highlighted fields",
        errors: [{ path: "skills", message: "Add at least 3 different skills" }],
      },
    }));
    const failure = await apiClient.post("/signup", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const apiError = failure as ApiError;
    expect(apiError.message).toBe("Check the highlighted fields");
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe("VALIDATION");
    expect(apiError.errors).toEqual([
      { path: "skills", message: "Add at least 3 different skills" },
    ]);
  });
});
