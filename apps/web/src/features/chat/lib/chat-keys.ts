export const chatKeys = {
  conversations: ["chat", "conversations"] as const,
  messages: (userId: string) => ["chat", "messages", userId] as const,
};
