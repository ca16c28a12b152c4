import { DEVICE_MESSAGES, type Device } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Laptop, LogOut, Monitor, Smartphone } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import { ErrorPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { useDevices, useSignOutDevice, useSignOutOtherDevices } from "../api/devices.ts";
import { SettingsCard } from "./settings-card.tsx";
import { When } from "./when.tsx";

/** "Chrome 131 on macOS", or what is known of it. */
function useDeviceName(device: Pick<Device, "browser" | "os">): string {
  const { t } = useLingui();
  const browser = device.browser ?? DEVICE_MESSAGES.unknownBrowser;
  const os = device.os;
  return os ? t`${browser} on ${os}` : browser;
}

function DeviceIcon({ os }: { os: string | null }) {
  const name = os?.toLowerCase() ?? "";
  const Icon = /android|ios|ipad/.test(name)
    ? Smartphone
    : /mac|windows|chrom/.test(name)
      ? Laptop
      : Monitor;
  return <Icon aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />;
}

function DeviceRow({ device }: { device: Device }) {
  const { t } = useLingui();
  const signOut = useSignOutDevice();
  const name = useDeviceName(device);
  return (
    <li className="flex min-w-0 items-center gap-3 py-3" data-testid="device">
      <DeviceIcon os={device.os} />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
          {device.current ? (
            <span className="badge badge-primary badge-sm shrink-0">
              <Trans>This device</Trans>
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/70">
          <When label={t`Started`} iso={device.createdAt} />
          {device.current ? null : <When label={t`Last active`} iso={device.lastSeenAt} />}
        </p>
      </div>
      {device.current ? null : (
        <button
          type="button"
          className="btn btn-sm btn-outline shrink-0"
          aria-label={t`Sign out ${name}`}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate({ id: device._id, name })}
        >
          <Trans>Sign out</Trans>
        </button>
      )}
    </li>
  );
}

function SignOutOthers() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const signOutOthers = useSignOutOtherDevices();
  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        <Trans>Sign out all other devices</Trans>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t`Sign out all other devices?`}
        description={t`Every other browser and phone signed in to your account is signed out at once. This one stays signed in.`}
      >
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={signOutOthers.isPending}
            onClick={() => signOutOthers.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            <Trans>Sign them out</Trans>
          </button>
        </div>
      </Modal>
    </div>
  );
}

/**
 * Settings, "Devices" (#devices, where the new sign-in mail links): every session of the account
 * with its browser and system, when it started and was last used; sign one out, or all others.
 */
export function DevicesSection() {
  const { t } = useLingui();
  const devices = useDevices();
  const loaded = devices.isSuccess;
  useEffect(() => {
    // The new sign-in mail links here: once the list is in, bring the section into view.
    if (loaded && window.location.hash === "#devices") {
      document.getElementById("devices")?.scrollIntoView({ block: "start" });
    }
  }, [loaded]);
  let content: ReactNode;
  if (devices.isPending) {
    content = <LoadingPanel />;
  } else if (devices.isError) {
    content = (
      <ErrorPanel
        title={t`Couldn't load your devices.`}
        onRetry={() => void devices.refetch()}
        retrying={devices.isFetching}
      />
    );
  } else {
    content = (
      <>
        <ul aria-label={t`Devices`} className="divide-y divide-base-300">
          {devices.data.map((device) => (
            <DeviceRow key={device._id} device={device} />
          ))}
        </ul>
        {devices.data.some((device) => !device.current) ? <SignOutOthers /> : null}
      </>
    );
  }
  return (
    <div id="devices" className="scroll-mt-20">
      <SettingsCard
        title={t`Devices`}
        lead={t`Where your account is signed in. Sign out a device you don't know, then change your password.`}
      >
        {content}
      </SettingsCard>
    </div>
  );
}
