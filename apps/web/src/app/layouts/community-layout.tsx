import { Outlet } from "react-router";
import { useMe } from "@/lib/get-me.ts";
import { MainLayout } from "./main-layout.tsx";

/**
 * The community's screens: inside the app's frame (top bar, bell, search, phone tabs) for someone
 * signed in, like every other signed-in screen; on their own public layout for a visitor.
 */
export function CommunityLayout() {
  const { data: me } = useMe();
  return me ? <MainLayout /> : <Outlet />;
}
