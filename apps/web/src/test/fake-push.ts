import { vi } from "vitest";

/** A VAPID public key as the server sends it (base64url of 65 bytes). */
export const VAPID_KEY = `B${"A".repeat(85)}`;

export type FakePushBrowser = {
  /** What requestPermission was asked, in order (one entry per prompt shown). */
  prompts: number;
  permission: NotificationPermission;
  subscribed: PushSubscriptionJSON | null;
  subscribeOptions: PushSubscriptionOptionsInit[];
};

/**
 * Gives jsdom the browser side of Web Push: Notification (its permission and prompt), a
 * service worker registration and its push manager. `answer` is what the prompt answers.
 */
export function installPushBrowser({
  permission = "default",
  answer = "granted",
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
} = {}) {
  const state: FakePushBrowser = { prompts: 0, permission, subscribed: null, subscribeOptions: [] };

  const subscriptionJson: PushSubscriptionJSON = {
    endpoint: "https://push.example.com/send/abc",
    expirationTime: null,
    keys: { p256dh: "BPublicKey", auth: "authSecret" },
  };
  let serverKey: ArrayBuffer | null = null;
  const subscription = () => ({
    endpoint: subscriptionJson.endpoint,
    options: { applicationServerKey: serverKey, userVisibleOnly: true },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      state.subscribed = null;
      return true;
    }),
  });
  const pushManager = {
    getSubscription: vi.fn(async () => (state.subscribed ? subscription() : null)),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      state.subscribeOptions.push(options);
      serverKey = (options.applicationServerKey as Uint8Array).slice().buffer as ArrayBuffer;
      state.subscribed = subscriptionJson;
      return subscription();
    }),
  };
  const registration = { pushManager };

  // Only what the app reads: the permission and the request for it.
  const FakeNotification = {
    get permission() {
      return state.permission;
    },
    requestPermission: vi.fn(async () => {
      state.prompts += 1;
      state.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  return state;
}

/** Takes the fakes away again (vi.unstubAllGlobals covers the rest). */
export function removePushBrowser(): void {
  Reflect.deleteProperty(navigator, "serviceWorker");
}
