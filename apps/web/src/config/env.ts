/** Only VITE_* values reach the browser. */
export const env = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) || "/api",
} as const;
