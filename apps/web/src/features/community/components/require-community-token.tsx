import type { ReactNode } from "react";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { paths } from "@/config/paths.ts";
import type { TokenClaims } from "../lib/community-token.ts";
import { useCommunitySession } from "../lib/use-community-session.ts";

type RequireCommunityTokenProps = {
  children: (member: { token: string; claims: TokenClaims; leave: () => void }) => ReactNode;
};

/**
 * Groups and events need a stored token; without one (or with one that has no id or has
 * expired, which is dropped) the person goes to /community, where they can log in.
 */
export function RequireCommunityToken({ children }: RequireCommunityTokenProps) {
  const { state, leave } = useCommunitySession();
  useEffect(() => {
    if (state.kind === "invalid") leave();
  }, [state.kind, leave]);
  if (state.kind !== "valid") return <Navigate to={paths.community} replace />;
  return children({ token: state.token, claims: state.claims, leave });
}
