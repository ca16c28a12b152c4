import type { NewsletterBody, OkAnswer } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

/** A plain call, no query hook: the landing page, where the box sits, has no query cache. */
export function subscribeNewsletter(body: NewsletterBody): Promise<OkAnswer> {
  return apiClient.post<OkAnswer>("/newsletter", body);
}
