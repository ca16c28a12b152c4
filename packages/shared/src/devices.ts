import { z } from "zod";

/** One signed-in session of the account, as Settings → Devices lists it. */
export const deviceSchema = z.object({
  _id: z.string(),
  /** "Chrome 131"; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS", "Android 14"; null when the browser did not say. */
  os: z.string().nullable(),
  createdAt: z.string(),
  /** The last use, to within a few minutes. */
  lastSeenAt: z.string(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const DEVICE_MESSAGES = {
  notFound: "That device is not signed in to your account.",
  signedOut: "That device is signed out.",
  othersSignedOut: "Every other device is signed out.",
  unknownBrowser: "Unknown browser",
  unknownOs: "Unknown system",
} as const;
