export const chatKeys = {
  conversations: ["chat", "conversations"] as const,
  messages: (userId: string) => ["chat", "messages", userId] as const,
  /** The hours both of us are free in the next days (Suggest a time). */
  overlap: (userId: string) => ["chat", "overlap", userId] as const,
};
