import {
  GROUP_MESSAGES,
  type Group,
  type GroupDetail,
  type GroupMember,
  type GroupMembership,
  type GroupTag,
  isUuid,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { ModeratedContent } from "../../lib/moderated-content.ts";
import { type Page, type PageQuery, pageRequestOf } from "../../lib/paging.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError, type UnknownId, unknownIdError } from "../../plugins/errors.ts";
import { flagScreened, screenContent, visibilityOf } from "../filters/service.ts";
import * as moderation from "./moderation-repository.ts";
import * as repository from "./repository.ts";

// Study groups and who belongs to them. A group is hidden from anyone blocked either way with
// its creator; its creator always belongs to it. Names and descriptions go through the automatic
// filter: a match opens a case, and from a new or unconnected creator the group is held (only
// its creator sees it) until a moderator decides.

type App = Pick<FastifyInstance, "db">;
type WritingApp = Pick<FastifyInstance, "db" | "now" | "moderation">;

/** What a group's routes answer for an id that names no group the viewer sees. */
export const GROUP_NOT_FOUND: UnknownId = {
  code: "NOT_FOUND",
  message: GROUP_MESSAGES.groupNotFound,
};

/** What deleting answers for an id that names no group of the caller's. */
export const OWN_GROUP_NOT_FOUND: UnknownId = {
  code: "NOT_FOUND",
  message: "There is no group of yours with this id.",
};

export function listGroups(app: App, viewerId: string, query: PageQuery): Promise<Page<Group>> {
  return repository.listGroups(app.db, viewerId, pageRequestOf(query));
}

/** A new group with its creator as its first member, both or neither. */
export async function createGroup(
  app: WritingApp,
  authorId: string,
  input: { name: string; description: string; tag: GroupTag },
): Promise<Group> {
  const screening = await screenContent(app, authorId, [input.name, input.description]);
  return app.db.transaction(async (tx) => {
    const { group, createdAt } = await repository.insertGroup(tx, authorId, {
      ...input,
      visibility: visibilityOf(screening),
    });
    await repository.addCreatorMember(tx, group._id, authorId, createdAt);
    await flagScreened(app, tx, screening, { type: "group", _id: group._id }, authorId);
    return group;
  });
}

/** The group as the viewer sees it; 404 when there is none or it is hidden from the viewer. */
export async function visibleGroup(
  app: App,
  viewerId: string,
  groupId: string,
): Promise<GroupDetail> {
  const group = await repository.findGroupDetail(app.db, viewerId, groupId);
  if (!group) throw unknownIdError(GROUP_NOT_FOUND);
  return group;
}

/**
 * The group named by a body's or query's `groupId` (any text), as the viewer sees it; 404 for
 * one that is not a uuid as for one that names nothing.
 */
export function visibleGroupById(app: App, viewerId: string, groupId: string) {
  if (!isUuid(groupId)) throw unknownIdError(GROUP_NOT_FOUND);
  return visibleGroup(app, viewerId, groupId.toLowerCase());
}

function membershipOf(group: GroupDetail): GroupMembership {
  return { isMember: group.isMember, members: group.members };
}

export async function joinGroup(
  app: App,
  viewerId: string,
  groupId: string,
): Promise<GroupMembership> {
  const group = await visibleGroup(app, viewerId, groupId);
  await repository.addGroupMember(app.db, group._id, viewerId);
  return membershipOf(await visibleGroup(app, viewerId, group._id));
}

/** Leaving twice is fine; the creator cannot leave (409): they delete the group instead. */
export async function leaveGroup(
  app: App,
  viewerId: string,
  groupId: string,
): Promise<GroupMembership> {
  const group = await visibleGroup(app, viewerId, groupId);
  if (group.u_id === viewerId) {
    throw new HttpError(409, "CREATOR_CANNOT_LEAVE", GROUP_MESSAGES.creatorCannotLeave);
  }
  await repository.removeGroupMember(app.db, group._id, viewerId);
  return membershipOf(await visibleGroup(app, viewerId, group._id));
}

/** The creator's change; new text the filter matches opens a case (and may hold the group). */
export async function editGroup(
  app: WritingApp,
  viewerId: string,
  groupId: string,
  patch: { name?: string; description?: string; tag?: GroupTag },
): Promise<GroupDetail> {
  const group = await visibleGroup(app, viewerId, groupId);
  if (group.u_id !== viewerId) throw new HttpError(403, "FORBIDDEN", GROUP_MESSAGES.notCreator);
  const { name, description, tag } = patch;
  const screening = await screenContent(app, viewerId, [name, description]);
  const changed = await app.db.transaction(async (tx) => {
    const updated = await repository.updateOwnGroup(
      tx,
      group._id,
      viewerId,
      { name, description, tag },
      screening?.held ?? false,
    );
    if (updated) {
      await flagScreened(app, tx, screening, { type: "group", _id: group._id }, viewerId);
    }
    return updated;
  });
  if (!changed) throw unknownIdError(GROUP_NOT_FOUND);
  return visibleGroup(app, viewerId, group._id);
}

/** The group's members the viewer may see, those who joined first first (404: no such group). */
export async function listGroupMembers(
  app: App,
  viewerId: string,
  groupId: string,
  query: PageQuery,
): Promise<Page<GroupMember>> {
  const group = await visibleGroup(app, viewerId, groupId);
  return repository.listGroupMembers(app.db, viewerId, group._id, pageRequestOf(query));
}

/** Deletes the creator's own group (its memberships and posts go with it). */
export async function deleteGroup(app: App, id: string, authorId: string): Promise<void> {
  const deleted = await repository.deleteOwnGroup(app.db, id, authorId);
  if (!deleted) throw unknownIdError(OWN_GROUP_NOT_FOUND);
}

/** Whether the group exists, and whether the member belongs to it. */
export function groupMembership(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<{ group: boolean; member: boolean }> {
  return repository.findMembership(db, groupId, memberId);
}

// ---------- demo data ----------

/** Groups and their members as given, in two statements (the demo data). */
export function addGroups(
  db: Database,
  rows: Parameters<typeof repository.insertGroups>[1],
): Promise<void> {
  return repository.insertGroups(db, rows);
}

// ---------- personal data ----------

/**
 * The groups the person created (export section `groups`) and those they belong to
 * (`groupMemberships`). Deleting takes their memberships, then their groups (with everyone's
 * memberships and posts in them), before the members part removes the member.
 */
export const groupsPersonalData: PersonalDataPart = {
  module: "groups",
  tables: ["study_groups", "study_group_members"],
  exportFor: (db, { userId }) => repository.findGroupExportRows(db, userId),
  deleteFor: (tx, userId) => repository.deleteGroupsOf(tx, userId),
};

// ---------- moderation ----------

/** Groups as the moderation module handles them (lib/moderated-content.ts). */
export const groupModeration: ModeratedContent = {
  find: moderation.findGroupForModeration,
  visibleTo: async (app, viewerId, id) =>
    (await repository.findGroupDetail(app.db, viewerId, id)) !== undefined,
  setVisibility: moderation.setGroupVisibility,
  remove: moderation.removeGroup,
};
