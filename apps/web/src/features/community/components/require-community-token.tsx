import type { CommunityTokenClaims } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { paths } from "@/config/paths.ts";
import { useAutoJoin } from "../lib/use-auto-join.ts";
import { useCommunitySession } from "../lib/use-community-session.ts";

/** What a signed-in community screen gets: the token, what it says, and the way to leave. */
export type CommunityMemberSession = {
  token: string;
  claims: CommunityTokenClaims;
  leave: () => void;
};

type RequireCommunityTokenProps = {
  children: (member: CommunityMemberSession) => ReactNode;
};

/**
 * Groups and events need a stored token. A signed-in person gets one by themselves; anyone else
 * without one (or with one that has no id or has expired, which is dropped) goes to /community,
 * where they can log in.
 */
export function RequireCommunityToken({ children }: RequireCommunityTokenProps) {
  const { state, leave } = useCommunitySession();
  // A signed-in person gets the token of their session by themselves.
  const auto = useAutoJoin(state);
  useEffect(() => {
    if (state.kind === "invalid" && !auto.joining) leave();
  }, [state.kind, auto.joining, leave]);
  if (state.kind !== "valid") {
    if (auto.joining) {
      return (
        <p role="status" className="flex min-h-[50vh] items-center justify-center">
          <span className="loading loading-spinner loading-md" aria-hidden="true" />
          <span className="sr-only">
            <Trans>Loading...</Trans>
          </span>
        </p>
      );
    }
    return <Navigate to={paths.community} replace />;
  }
  return children({ token: state.token, claims: state.claims, leave });
}
