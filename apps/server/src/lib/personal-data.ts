import type { Database } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Every module's part of a person's data (personal-data.ts), for the export and deletion. */
    personalData: readonly PersonalDataPart[];
  }
}

/** What the export knows of the call: the session it is made with (marked `current`). */
export type ExportContext = { userId: string; currentSessionHash: string };

/**
 * One module's part of a person's data: the tables it owns that can name a person, what of them
 * goes into the export, and how they let go of the person when the account is deleted. Each
 * owning module declares its part (in its service.ts); personal-data.ts lists them all, so a new
 * table cannot be forgotten: the table-coverage test fails on a table in no part and not declared
 * a system table.
 */
export type PersonalDataPart = {
  /** The owning module (docs/architecture.md, "Who owns which table"). */
  module: string;
  /** The tables this part covers, all owned by `module`. */
  tables: readonly string[];
  /**
   * The person's rows as sections of the export, in the export's own names. Other people appear
   * as id and name only, never an email.
   */
  exportFor: (db: Database, context: ExportContext) => Promise<Record<string, unknown>>;
  /**
   * Inside the deletion's transaction, before the account's row goes: removes every row that
   * names the person, or keeps it for the other person without the person's id (chat archives).
   */
  deleteFor: (tx: Database, userId: string) => Promise<void>;
  /**
   * When its deletion must run apart from the list's order: `first` before every other part
   * (chat keeps the other person's copy before the requests its messages cascade from go),
   * `last` after them (the feed's relation numbers, which removing requests and blocks raises).
   */
  deletionPhase?: "first" | "last";
};

/** The parts in the order a deletion runs them (see `deletionPhase`). */
export function deletionOrder(parts: readonly PersonalDataPart[]): PersonalDataPart[] {
  const phase = (part: PersonalDataPart) =>
    part.deletionPhase === "first" ? 0 : part.deletionPhase === "last" ? 2 : 1;
  return [...parts].sort((a, b) => phase(a) - phase(b));
}
