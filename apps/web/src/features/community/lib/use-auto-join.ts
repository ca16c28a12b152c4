import { useEffect, useRef } from "react";
import { useMe } from "@/lib/get-me.ts";
import { useJoinCommunity } from "../api/join-community.ts";
import type { TokenState } from "./community-token.ts";

/**
 * One identity: a signed-in person without a community token gets the one of their session by
 * themselves (POST /fusionauth with an empty body), with no modal. Only once per screen, and
 * only when the screen opened without a token: someone who leaves the community here stays out
 * until they come back.
 */
export function useAutoJoin(state: TokenState): { joining: boolean } {
  const session = useMe();
  const me = session.data;
  const join = useJoinCommunity();
  const done = useRef(state.kind === "valid");
  const needed = state.kind !== "valid" && !done.current;
  const { mutate } = join;
  useEffect(() => {
    if (!needed || !me) return;
    done.current = true;
    mutate(undefined);
  }, [needed, me, mutate]);
  // Still deciding while the session check is out (me undefined) or the token is on its way.
  const joining =
    needed && ((me === undefined && !session.isError) || (me != null && !join.isError));
  return { joining: joining || join.isPending };
}
