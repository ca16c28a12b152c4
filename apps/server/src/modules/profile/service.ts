import type { profileEditBodySchema } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { flagProfile, refuseSlurs, screenProfile } from "../filters/service.ts";
import { importPastedPhoto, isCurrentPhoto } from "../photos/pasted-photo.ts";
import { removePhoto } from "../photos/service.ts";
import { indexLearning, reindexSkills } from "../skills/service.ts";
import { findUserById, planAgeChange, type UserChanges, updateUser } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";

export type ProfileEdit = z.output<typeof profileEditBodySchema>;

/**
 * A profile edit: a slur in a name or about is refused first (400 with the field), then a pasted
 * photo address is copied (if it fails, nothing changes; null removes the photo), then the other
 * fields are saved; other filter matches in the names or about open a case. Undefined when the
 * account is gone.
 */
export async function editProfile(
  app: FastifyInstance,
  userId: string,
  edit: ProfileEdit,
): Promise<UserRow | undefined> {
  const { photoUrl, ...fields } = edit;
  const texts = { firstName: fields.firstName, lastName: fields.lastName, about: fields.about };
  refuseSlurs(texts);
  if (photoUrl !== undefined) {
    const current = await findUserById(app.db, userId);
    if (!current) return undefined;
    if (photoUrl === null) {
      await removePhoto(app, userId);
    } else if (!isCurrentPhoto(current, photoUrl, app.config.publicOrigin)) {
      await importPastedPhoto(app, userId, photoUrl);
    }
  }
  return updateProfile(app, userId, fields, (tx) =>
    flagProfile(app, tx, userId, screenProfile(texts)),
  );
}

/**
 * Applies the given fields; the skill index rows change in the same transaction as the user. An
 * age moved across 18 is allowed once and opens a moderation case in the same transaction; a
 * second crossing answers 400 on `age` (planAgeChange).
 */
async function updateProfile(
  app: FastifyInstance,
  userId: string,
  edit: ProfileEdit,
  onSaved: (tx: Database) => Promise<void>,
): Promise<UserRow | undefined> {
  const { age, ...rest } = edit;
  const changes = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  ) as UserChanges;
  return app.db.transaction(async (tx) => {
    if (age !== undefined) {
      const plan = await planAgeChange(tx, userId, age);
      if (!plan) return undefined;
      Object.assign(changes, plan.changes);
      if (plan.crossing) {
        await app.moderation.flag(tx, {
          subject: { type: "user", _id: userId },
          userId,
          source: "age_change",
          held: false,
          note: `Age changed from ${plan.crossing.from ?? "none"} to ${plan.crossing.to}`,
        });
      }
    }
    const row = await updateUser(tx, userId, changes, app.now());
    if (row && edit.skills) {
      await reindexSkills(tx, userId, edit.skills);
    }
    if (row && edit.learning) {
      await indexLearning(tx, userId, edit.learning);
    }
    if (row) await onSaved(tx);
    return row;
  });
}
