import { type ChatServerEvent, chatServerEventSchema } from "@kindred/shared";

/**
 * One frame from the chat socket through the shared schema; a frame that does not match it
 * (a newer or broken server) is dropped with a warning instead of reaching the cache.
 */
export function readServerFrame(data: unknown): ChatServerEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    console.warn("chat socket: dropped a frame that is not JSON");
    return undefined;
  }
  const parsed = chatServerEventSchema.safeParse(json);
  if (!parsed.success) {
    console.warn("chat socket: dropped an invalid event", parsed.error.issues);
    return undefined;
  }
  return parsed.data;
}
