import { lazy, Suspense } from "react";
import { useMe } from "@/lib/get-me.ts";

// Most accounts see neither notice: the code of each loads only for an account it concerns.
const SuspensionNotice = lazy(async () => ({
  default: (await import("@/components/moderation/suspension-notice.tsx")).SuspensionNotice,
}));
const EmailVerificationBanner = lazy(async () => ({
  default: (await import("./email-verification-banner.tsx")).EmailVerificationBanner,
}));

/** Under the top bar: the suspension notice, then the email verification banner, when due. */
export function AccountNotices() {
  const { data: me } = useMe();
  return (
    <>
      {me?.moderation?.state === "suspended" ? (
        <Suspense fallback={null}>
          <SuspensionNotice />
        </Suspense>
      ) : null}
      {me?.emailVerified === false ? (
        <Suspense fallback={null}>
          <EmailVerificationBanner />
        </Suspense>
      ) : null}
    </>
  );
}
