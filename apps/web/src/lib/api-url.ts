import { env } from "@/config/env.ts";

export type Query = Record<string, string | number | boolean | undefined>;

/** The address a request for `path` goes to: the API base, the path and its query. */
export function apiUrl(path: string, query?: Query): string {
  const url = `${env.apiBaseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
