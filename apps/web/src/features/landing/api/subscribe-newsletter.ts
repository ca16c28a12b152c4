import type { NewsletterBody } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

type Answer = { status: 1; message: string };

/** A plain call, no query hook: the landing page, where the box sits, has no query cache. */
export function subscribeNewsletter(body: NewsletterBody): Promise<Answer> {
  return apiClient.post<Answer>("/newsletter", body);
}
