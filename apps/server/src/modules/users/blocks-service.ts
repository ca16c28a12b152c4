import type { Card } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import {
  deleteBlock,
  deleteBlocksOf,
  findBlocked,
  findBlocksForExport,
  insertBlock,
  isBlockedEitherWay,
} from "./blocks-repository.ts";
import { rowToCard } from "./card.ts";

// Blocks as other modules ask for them: safety blocks and lifts, public profiles ask whether two
// are blocked. What a block does to the rest (requests, notifications) is safety's rule.

/** Blocks the other person; false when there is no such person. Blocking twice is one block. */
export function blockUser(db: Database, userId: string, otherId: string): Promise<boolean> {
  return insertBlock(db, userId, otherId);
}

/** Lifts the user's block of the other; false when there was none. */
export function unblockUser(db: Database, userId: string, otherId: string): Promise<boolean> {
  return deleteBlock(db, userId, otherId);
}

export function areBlockedEitherWay(db: Database, a: string, b: string): Promise<boolean> {
  return isBlockedEitherWay(db, a, b);
}

/** The people the user blocked, most recent first. */
export async function listBlocked(db: Database, userId: string): Promise<Card[]> {
  return (await findBlocked(db, userId)).map(rowToCard);
}

/** The blocks the person made (user_blocks), and those that name them, in the export and deletion. */
export const blocksPersonalData: PersonalDataPart = {
  module: "users",
  tables: ["user_blocks"],
  exportFor: async (db, { userId }) => ({ blocks: await findBlocksForExport(db, userId) }),
  deleteFor: (tx, userId) => deleteBlocksOf(tx, userId),
};
