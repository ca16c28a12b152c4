import { moderatedRows } from "../../db/moderated-rows.ts";

// What the moderation module reads and changes of groups (through service.ts's groupsModeration).

const groups = moderatedRows({
  table: "study_groups",
  author: "author_id",
  title: "name",
  text: "description",
});

export const findGroupForModeration = groups.find;
export const setGroupVisibility = groups.setVisibility;
export const removeGroup = groups.remove;
