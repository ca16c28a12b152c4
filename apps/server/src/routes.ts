import type { FastifyInstance } from "fastify";
import { deviceRoutes } from "./modules/account/device-routes.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { avatarRoutes } from "./modules/avatars/routes.ts";
import { botCheckRoutes } from "./modules/bot-check/routes.ts";
import { campusRoutes } from "./modules/campus/routes.ts";
import { chatPhotoFileRoutes, chatRoutes, chatSocketRoutes } from "./modules/chat/routes.ts";
import { calendarFeedRoutes, eventRoutes } from "./modules/events/routes.ts";
import { feedRoutes } from "./modules/feed/routes.ts";
import { groupRoutes } from "./modules/groups/routes.ts";
import { matchingRoutes } from "./modules/matching/routes.ts";
import { meetupRoutes } from "./modules/meetups/routes.ts";
import { memberAuthRoutes, memberRoutes } from "./modules/members/routes.ts";
import { communityGuard } from "./modules/members/scope.ts";
import {
  appealRoutes,
  moderationAdminRoutes,
  moderationRoutes,
  reportRoutes,
} from "./modules/moderation/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { passkeyAccountRoutes, passkeyLoginRoutes } from "./modules/passkeys/routes.ts";
import { photoFileRoutes, photoRoutes } from "./modules/photos/routes.ts";
import { picksRoutes } from "./modules/picks/routes.ts";
import { postRoutes } from "./modules/posts/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { publicFormRoutes } from "./modules/public-forms/routes.ts";
import { publicProfileRoutes } from "./modules/public-profile/routes.ts";
import { pushKeyRoutes, pushSubscriptionRoutes } from "./modules/push/routes.ts";
import { recoveryRoutes } from "./modules/recovery/routes.ts";
import { requestRoutes } from "./modules/requests/routes.ts";
import { safetyRoutes } from "./modules/safety/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { skillRoutes } from "./modules/skills/routes.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { twoStepAccountRoutes, twoStepLoginRoutes } from "./modules/two-step/routes.ts";
import { verificationPublicRoutes, verificationRoutes } from "./modules/verification/routes.ts";
import { type ApiScopes, registerScopes } from "./plugins/scopes.ts";

/**
 * Every route under /api, by the scope that guards it (plugins/scopes.ts). A route goes where
 * its callers are: adding it to `signedIn` is what makes it need a session.
 */
export const API_SCOPES: ApiScopes = {
  public: [
    authRoutes,
    botCheckRoutes,
    recoveryRoutes,
    twoStepLoginRoutes,
    passkeyLoginRoutes,
    publicFormRoutes,
    publicProfileRoutes,
    avatarRoutes,
    photoFileRoutes,
    skillRoutes,
    pushKeyRoutes,
    chatSocketRoutes,
    chatPhotoFileRoutes,
    calendarFeedRoutes,
    appealRoutes,
    statsRoutes,
    verificationPublicRoutes,
  ],
  signedIn: [
    accountRoutes,
    twoStepAccountRoutes,
    passkeyAccountRoutes,
    deviceRoutes,
    profileRoutes,
    photoRoutes,
    feedRoutes,
    picksRoutes,
    meetupRoutes,
    requestRoutes,
    matchingRoutes,
    searchRoutes,
    safetyRoutes,
    chatRoutes,
    pushSubscriptionRoutes,
    notificationRoutes,
    reportRoutes,
    verificationRoutes,
    campusRoutes,
  ],
  moderator: [moderationRoutes],
  admin: [moderationAdminRoutes],
  communityPublic: [memberAuthRoutes],
  community: [memberRoutes, groupRoutes, eventRoutes, postRoutes],
};

/** Registers the API's routes (tests may pass scopes with routes of their own added). */
export function registerApiRoutes(api: FastifyInstance, scopes: ApiScopes = API_SCOPES) {
  return registerScopes(api, scopes, { communityGuard });
}
