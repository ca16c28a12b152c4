import type { ChatMessage, Conversation } from "@kindred/shared";

/** Test data: a chat contact named after its id, unless a first name is given. */
export function chatContact(id: string, firstName = id): Conversation["user"] {
  return {
    _id: id,
    firstName,
    lastName: "",
    photoUrl: "",
    photo: null,
    age: null,
    gender: null,
    about: "",
    skills: [],
    learning: [],
    campus: null,
    publicId: `p-${id}`,
    joinedAt: "2026-01-01T00:00:00.000Z",
    socialLinks: { instagramLink: null, otherLink: null },
  };
}

/** Test data: a stored message with the text "text {id}" unless one is given. */
export function chatMessage(
  fields: Pick<ChatMessage, "_id" | "fromUserId" | "toUserId" | "createdAt"> & { text?: string },
): ChatMessage {
  return {
    text: `text ${fields._id}`,
    clientId: null,
    editedAt: null,
    deletedAt: null,
    replyTo: null,
    reactions: [],
    photos: [],
    readByOther: false,
    meetup: null,
    ...fields,
  };
}
