/** This feature's query keys. */
export const accountKeys = {
  /** The people I blocked, newest first as the server sends them. */
  blocked: ["account", "blocked"] as const,
  /** My reports and their outcome. */
  reports: ["account", "reports"] as const,
  /** The devices signed in to my account. */
  devices: ["account", "devices"] as const,
  /** My passkeys, oldest first. */
  passkeys: ["account", "passkeys"] as const,
  /** My university address, pending or verified, or null. */
  campus: ["account", "campus"] as const,
  /** Read receipts and time zone. */
  settings: ["account", "settings"] as const,
  /** My week's free hours and the time zone they are in. */
  availability: ["account", "availability"] as const,
};
