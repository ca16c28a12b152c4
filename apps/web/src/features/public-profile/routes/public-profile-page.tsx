import type { PublicUser } from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { AtSign, Check, Clock, ExternalLink, UserPlus } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { ReportButton } from "@/components/report/report-button.tsx";
import { Avatar } from "@/components/ui/avatar.tsx";
import { CampusBadge } from "@/components/ui/campus-badge.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { loginPath, paths } from "@/config/paths.ts";
import { isUnauthenticated } from "@/lib/api-client.ts";
import { meQueryOptions } from "@/lib/get-me.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { hasSessionHint, rememberSession } from "@/lib/session-hint.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { usePublicProfile } from "../api/get-public-profile.ts";
import { useSendConnectRequest } from "../api/send-connect-request.ts";

/** Only web links are opened; anything else (javascript:, data:) is not shown at all. */
function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const GENDER_LABELS: Record<NonNullable<PublicUser["gender"]>, MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
  other: msg`Other`,
};

export function PublicProfilePage() {
  const { t } = useLingui();
  const { publicUserId = "" } = useParams();
  const profileQuery = usePublicProfile(publicUserId);
  const user = profileQuery.data;
  useDocumentTitle(user ? [user.firstName, user.lastName].filter(Boolean).join(" ") : t`Profile`);
  const queryClient = useQueryClient();
  const signedIn = Boolean(user?.relationship);
  useEffect(() => {
    // A relationship means a session this browser had not noted: the top bar should know too.
    if (signedIn && !hasSessionHint()) {
      rememberSession(true);
      void queryClient.prefetchQuery(meQueryOptions());
    }
  }, [signedIn, queryClient]);

  if (profileQuery.isError) return <Navigate to={paths.notFound} replace />;
  return (
    <div className="px-4 pb-16">
      {user ? (
        <PublicProfile user={user} publicUserId={publicUserId} />
      ) : (
        <p role="status" className="py-24 text-center text-lg text-base-content/70">
          {MESSAGES.loading}
        </p>
      )}
    </div>
  );
}

function ConnectAction({ user, publicUserId }: { user: PublicUser; publicUserId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const sendMutation = useSendConnectRequest(publicUserId);
  const here = `${location.pathname}${location.search}`;
  const buttonClass = "btn btn-primary w-full sm:mx-auto sm:w-56";

  function handleConnect() {
    // No relationship means no session: log in first, then come back here.
    if (!user.relationship) {
      navigate(loginPath(here));
      return;
    }
    sendMutation.mutate(user._id, {
      onSuccess: () => showToast(MESSAGES.requestSent, { variant: "success" }),
      onError: (error) => {
        if (isUnauthenticated(error)) navigate(loginPath(here));
        else showToast(MESSAGES.requestFailed, { variant: "error" });
      },
    });
  }

  switch (user.relationship) {
    case "self":
      return (
        <p className="text-center text-sm text-base-content/70">
          <Trans>This is your public profile. Share its link so people can connect with you.</Trans>
        </p>
      );
    case "sent":
      return (
        <button type="button" className={buttonClass} disabled>
          <Clock aria-hidden="true" className="size-4" />
          <Trans>Request sent</Trans>
        </button>
      );
    case "connected":
      return (
        <button type="button" className={buttonClass} disabled>
          <Check aria-hidden="true" className="size-4" />
          <Trans>Connected</Trans>
        </button>
      );
    case "received":
      return (
        <Link to={paths.requests} className={buttonClass}>
          <Trans>Answer their request</Trans>
        </Link>
      );
    case "closed":
      return (
        <p className="text-center text-sm text-base-content/70">
          <Trans>You cannot connect with this person.</Trans>
        </p>
      );
    default:
      return (
        <button
          type="button"
          className={buttonClass}
          disabled={sendMutation.isPending}
          onClick={handleConnect}
        >
          {sendMutation.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <UserPlus aria-hidden="true" className="size-4" />
          )}
          <Trans>Connect</Trans>
        </button>
      );
  }
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-base-content/60">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function SocialLink({ href, icon, children }: { href: string; icon: ReactNode; children: string }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm">
        {icon}
        {children}
      </a>
    </li>
  );
}

function PublicProfile({ user, publicUserId }: { user: PublicUser; publicUserId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const reportName = fullName || user.firstName;
  const instagram = safeHttpUrl(user.socialLinks.instagramLink);
  const other = safeHttpUrl(user.socialLinks.otherLink);

  return (
    <article
      aria-labelledby="public-profile-name"
      className="card relative mx-auto mt-4 w-full max-w-2xl overflow-hidden border border-base-300 bg-base-100 shadow-xl sm:mt-8"
    >
      <div
        className="h-28 bg-gradient-to-r from-primary to-secondary rtl:bg-gradient-to-l sm:h-36"
        aria-hidden="true"
      />
      {/* A signed-in viewer other than the person can report them. */}
      {user.relationship && user.relationship !== "self" ? (
        <ReportButton
          subject={{ type: "user", _id: user._id }}
          title={t`Report ${reportName}`}
          blockName={reportName}
          label={t`Report ${reportName}`}
          className="absolute top-3 end-3 border-0 bg-base-100/85 shadow-sm hover:bg-base-100"
          onReported={({ blocked }) => {
            if (blocked)
              void queryClient.invalidateQueries({
                queryKey: queryKeys.publicProfile(publicUserId),
              });
          }}
        />
      ) : null}
      <div className="card-body -mt-20 gap-5 sm:-mt-24">
        <div className="flex flex-col items-center gap-3 text-center">
          <Avatar
            src={user.photoUrl}
            photo={user.photo}
            userId={user._id}
            loading="eager"
            name={fullName || user.firstName}
            size="xl"
          />
          <h1 id="public-profile-name" className="text-3xl font-bold" dir="auto">
            {user.firstName}
          </h1>
          <CampusBadge university={user.campus} className="-mt-2 text-base-content/80" />
          {user.about ? (
            <p className="max-w-prose whitespace-pre-line text-base-content/80" dir="auto">
              {user.about}
            </p>
          ) : null}
          {instagram || other ? (
            <ul aria-label={t`Social links`} className="flex flex-wrap justify-center gap-2">
              {instagram ? (
                <SocialLink
                  href={instagram}
                  icon={<AtSign aria-hidden="true" className="size-4" />}
                >
                  {/* i18n-ignore */}
                  Instagram
                </SocialLink>
              ) : null}
              {other ? (
                <SocialLink
                  href={other}
                  icon={<ExternalLink aria-hidden="true" className="size-4" />}
                >
                  {t`Website`}
                </SocialLink>
              ) : null}
            </ul>
          ) : null}
        </div>
        <dl className="grid gap-3 rounded-box bg-base-200 p-4 sm:grid-cols-3">
          <Detail term={t`Full name`}>
            <span dir="auto">{fullName}</span>
          </Detail>
          <Detail term={t`Gender`}>{user.gender ? i18n._(GENDER_LABELS[user.gender]) : "—"}</Detail>
          <Detail term={t`Age`}>
            {user.age === null ? "—" : new Intl.NumberFormat(i18n.locale).format(user.age)}
          </Detail>
        </dl>
        {user.skills.length > 0 ? (
          <section aria-labelledby="public-profile-skills">
            <h2 id="public-profile-skills" className="mb-2 font-semibold">
              <Trans>Skills</Trans>
            </h2>
            <ul className="flex flex-wrap gap-2">
              {user.skills.map((skill) => (
                <li key={skill} className="badge badge-primary badge-outline" dir="auto">
                  {skill}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {user.learning.length > 0 ? (
          <section aria-labelledby="public-profile-learning">
            <h2 id="public-profile-learning" className="mb-2 font-semibold">
              <Trans>Wants to learn</Trans>
            </h2>
            <ul className="flex flex-wrap gap-2">
              {user.learning.map((skill) => (
                <li key={skill} title={skill} className="badge badge-dash max-w-full" dir="auto">
                  <span className="min-w-0 truncate">{skill}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <ConnectAction user={user} publicUserId={publicUserId} />
      </div>
    </article>
  );
}
