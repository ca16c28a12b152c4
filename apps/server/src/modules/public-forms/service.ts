import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { findUserById } from "../users/service.ts";
import { deleteSentFrom, findSentFrom } from "./repository.ts";

/**
 * The public forms keep what a visitor sent by email address, tied to no account; an account's
 * address makes them the person's: in their export, and gone with the account (a ticket or
 * message sent from it, its newsletter subscription).
 */
export const publicFormsPersonalData: PersonalDataPart = {
  module: "public-forms",
  tables: ["support_tickets", "contact_messages", "newsletter_subscribers"],
  exportFor: async (db, { userId }) => {
    const user = await findUserById(db, userId);
    if (!user) return {};
    const sent = await findSentFrom(db, user.email);
    return {
      supportTickets: sent.tickets,
      contactMessages: sent.messages,
      newsletter: sent.newsletter,
    };
  },
  deleteFor: async (tx, userId) => {
    const user = await findUserById(tx, userId);
    if (user) await deleteSentFrom(tx, user.email);
  },
};
