import type { Card } from "@kindred/shared";
import type { CardRow } from "./fragments.ts";
import { toCard, type UserRow } from "./user-view.ts";

export type { CardRow } from "./fragments.ts";

/** The contract's Card for a CardRow (toCard reads only the columns CardRow holds). */
export function rowToCard(row: CardRow): Card {
  return toCard(row as UserRow);
}
