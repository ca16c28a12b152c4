/** Route paths that both sides build: the server writes shareable links, the web app routes them. */
export const PUBLIC_PROFILE_BASE = "/GetToKnowMe";

/** `/GetToKnowMe/{publicUserId}`: the public profile page of one person. */
export function publicProfilePath(publicUserId: string): string {
  return `${PUBLIC_PROFILE_BASE}/${encodeURIComponent(publicUserId)}`;
}

/** `/chat/{userId}`: the conversation with one person (what message notifications open). */
export function chatPath(userId: string): string {
  return `/chat/${encodeURIComponent(userId)}`;
}
