import { Trans } from "@lingui/react/macro";
import { lazy, type ReactNode, Suspense } from "react";
import { PushDeviceSwitch } from "@/components/push/push-device-switch.tsx";
import { BlockedPeopleSection } from "@/features/account/components/blocked-people-section.tsx";
import { ChatPrivacySection } from "@/features/account/components/chat-privacy-section.tsx";
import { LanguageSection } from "@/features/account/components/language-section.tsx";
import { MyReportsSection } from "@/features/account/components/my-reports-section.tsx";
import { TimeZoneSection } from "@/features/account/components/time-zone-section.tsx";
import { YourDataSection } from "@/features/account/components/your-data-section.tsx";
import { NotificationSettingsSection } from "@/features/notifications/components/notification-settings-section.tsx";

const signInSections = () => import("@/features/account/components/sign-in-sections.tsx");
const EmailSection = lazy(async () => ({ default: (await signInSections()).EmailSection }));
const PasskeysSection = lazy(async () => ({ default: (await signInSections()).PasskeysSection }));
const TwoStepSection = lazy(async () => ({ default: (await signInSections()).TwoStepSection }));
const DevicesSection = lazy(async () => ({ default: (await signInSections()).DevicesSection }));
// The two password forms bring react-hook-form and the schemas; the page draws without them.
const PasswordSection = lazy(async () => ({
  default: (await import("@/features/account/components/password-section.tsx")).PasswordSection,
}));
const AvailabilitySection = lazy(async () => ({
  default: (await import("@/features/account/components/availability-section.tsx"))
    .AvailabilitySection,
}));
const CampusSection = lazy(async () => ({
  default: (await import("@/features/account/components/campus-section.tsx")).CampusSection,
}));
const PassedSection = lazy(async () => ({
  default: (await import("@/features/requests/components/passed-section.tsx")).PassedSection,
}));
const DeleteAccountSection = lazy(async () => ({
  default: (await import("@/features/account/components/delete-account-section.tsx"))
    .DeleteAccountSection,
}));

/** A section that loads after the page, with room kept for it meanwhile. */
function Later({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div className="skeleton h-40 w-full rounded-box" aria-hidden="true" />}>
      {children}
    </Suspense>
  );
}

/**
 * Settings: one section per area, each owned by its feature and composed here (features do not
 * import each other). Notifications first; account sections follow.
 */
export function SettingsPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-5 sm:px-4 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Settings</Trans>
        </h1>
      </header>
      <NotificationSettingsSection device={<PushDeviceSwitch />} />
      <ChatPrivacySection />
      <LanguageSection />
      <TimeZoneSection />
      <Later>
        <AvailabilitySection />
      </Later>
      <Later>
        <PassedSection />
      </Later>
      <BlockedPeopleSection />
      <MyReportsSection />
      <Later>
        <EmailSection />
      </Later>
      <Later>
        <CampusSection />
      </Later>
      <Later>
        <PasswordSection />
      </Later>
      <Later>
        <PasskeysSection />
      </Later>
      <Later>
        <TwoStepSection />
      </Later>
      <Later>
        <DevicesSection />
      </Later>
      <YourDataSection />
      <Later>
        <DeleteAccountSection />
      </Later>
    </div>
  );
}
