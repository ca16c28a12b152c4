import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { installPushBrowser, removePushBrowser, VAPID_KEY } from "@/test/fake-push.ts";
import { failure, mockFetch, ok } from "@/test/mock-fetch.ts";
import {
  base64UrlToBytes,
  currentPlayerId,
  dismissPushOffer,
  readPushState,
  shouldOfferPush,
  subscribeToPush,
  unsubscribeFromPush,
} from "./push.ts";

function pushServer() {
  return mockFetch((call) => {
    if (call.method === "GET" && call.path === "/push/key") return ok({ publicKey: VAPID_KEY });
    if (call.method === "POST" && call.path === "/push/subscriptions") {
      return ok({ _id: "sub-1" }, 201);
    }
    if (call.method === "DELETE" && call.path === "/push/subscriptions/sub-1") return ok(null);
    if (call.path === "/health") return ok({});
    return undefined;
  });
}

afterEach(removePushBrowser);

describe("subscribeToPush", () => {
  it("asks for permission, subscribes with the server's key and posts the subscription", async () => {
    const browser = installPushBrowser({ permission: "default", answer: "granted" });
    const calls = pushServer();

    await expect(subscribeToPush()).resolves.toEqual({ status: "subscribed", playerId: "sub-1" });

    expect(browser.prompts).toBe(1);
    expect(browser.subscribeOptions).toHaveLength(1);
    expect(browser.subscribeOptions[0]?.userVisibleOnly).toBe(true);
    expect(browser.subscribeOptions[0]?.applicationServerKey).toEqual(base64UrlToBytes(VAPID_KEY));
    const post = calls.find(
      (call) => call.method === "POST" && call.path === "/push/subscriptions",
    );
    expect(post?.body).toEqual({
      endpoint: "https://push.example.com/send/abc",
      expirationTime: null,
      keys: { p256dh: "BPublicKey", auth: "authSecret" },
    });
    expect(currentPlayerId()).toBe("sub-1");
    await expect(readPushState()).resolves.toBe("on");
  });

  it("does not prompt again once notifications are allowed", async () => {
    const browser = installPushBrowser({ permission: "granted" });
    pushServer();
    await expect(subscribeToPush()).resolves.toMatchObject({ status: "subscribed" });
    expect(browser.prompts).toBe(0);
  });

  it("sends nothing when the person refuses the prompt or closes it", async () => {
    for (const answer of ["denied", "default"] as const) {
      const browser = installPushBrowser({ permission: "default", answer });
      const calls = pushServer();
      await expect(subscribeToPush()).resolves.toEqual({ status: answer });
      expect(browser.subscribeOptions).toHaveLength(0);
      expect(calls).toHaveLength(0);
      expect(currentPlayerId()).toBeNull();
    }
    await expect(readPushState()).resolves.toBe("off");
  });

  it("reports an unsupported browser without asking or sending anything", async () => {
    const calls = pushServer();
    await expect(subscribeToPush()).resolves.toEqual({ status: "unsupported" });
    await expect(readPushState()).resolves.toBe("unsupported");
    expect(shouldOfferPush()).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it("stores no id when the server refuses the subscription", async () => {
    installPushBrowser({ permission: "granted" });
    mockFetch((call) => {
      if (call.path === "/push/key") return ok({ publicKey: VAPID_KEY });
      if (call.path === "/push/subscriptions") {
        return failure(400, "VALIDATION_ERROR", "A push endpoint must be an https address.");
      }
      return ok({});
    });
    await expect(subscribeToPush()).rejects.toThrow("A push endpoint must be an https address.");
    expect(currentPlayerId()).toBeNull();
  });
});

describe("unsubscribeFromPush", () => {
  it("deletes the device on the server, unsubscribes the browser and forgets the id", async () => {
    const browser = installPushBrowser({ permission: "granted" });
    const calls = pushServer();
    await subscribeToPush();

    await unsubscribeFromPush();

    expect(
      calls.some((call) => call.method === "DELETE" && call.path === "/push/subscriptions/sub-1"),
    ).toBe(true);
    expect(browser.subscribed).toBeNull();
    expect(currentPlayerId()).toBeNull();
    await expect(readPushState()).resolves.toBe("off");
  });

  it("treats a device the server no longer knows as already off", async () => {
    installPushBrowser({ permission: "granted" });
    window.localStorage.setItem(STORAGE_KEYS.pushPlayerId, "gone");
    mockFetch(() => failure(404, "NOT_FOUND", "This device is not subscribed."));
    await expect(unsubscribeFromPush()).resolves.toBeUndefined();
    expect(currentPlayerId()).toBeNull();
  });
});

describe("readPushState", () => {
  it("says denied when notifications are blocked for the site", async () => {
    installPushBrowser({ permission: "denied" });
    await expect(readPushState()).resolves.toBe("denied");
  });
});

describe("the get-notified offer", () => {
  it("is made only while nobody has asked and it was never declined", () => {
    installPushBrowser({ permission: "default" });
    expect(shouldOfferPush()).toBe(true);
    dismissPushOffer();
    expect(shouldOfferPush()).toBe(false);
  });

  it("is not made once notifications are allowed or blocked", () => {
    installPushBrowser({ permission: "granted" });
    expect(shouldOfferPush()).toBe(false);
    installPushBrowser({ permission: "denied" });
    expect(shouldOfferPush()).toBe(false);
  });
});
