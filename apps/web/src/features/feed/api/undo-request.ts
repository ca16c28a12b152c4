import type { DeletedRequest } from "@kindred/shared";
import { apiClient, type Envelope } from "@/lib/api-client.ts";

/** Takes back a decision the other person has not answered yet (404 once they have). */
export async function undoRequest(requestId: string): Promise<DeletedRequest> {
  const body = await apiClient.delete<Envelope<DeletedRequest>>(
    `/request/${encodeURIComponent(requestId)}`,
  );
  return body.data;
}
