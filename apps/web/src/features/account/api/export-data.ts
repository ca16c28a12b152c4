import { env } from "@/config/env.ts";

/**
 * Where "Download my data" points: a plain GET with the session cookie, answered as a JSON
 * attachment, so the browser saves it with the server's file name.
 */
export const EXPORT_URL = `${env.apiBaseUrl}/account/export`;
