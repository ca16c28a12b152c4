import { MESSAGES, type PublicUser } from "@kindred/shared";
import { AtSign, ExternalLink, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { ThemeToggle } from "../../../components/ui/theme-toggle.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { paths } from "../../../config/paths.ts";
import { useMe } from "../../../lib/get-me.ts";
import { usePublicProfile } from "../api/get-public-profile.ts";
import { checkSession, useSendConnectRequest } from "../api/send-connect-request.ts";

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

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function PublicProfilePage() {
  const { publicUserId = "" } = useParams();
  const profileQuery = usePublicProfile(publicUserId);

  let body: ReactNode;
  if (profileQuery.isPending) {
    body = (
      <p role="status" className="py-24 text-center text-lg text-base-content/70">
        {MESSAGES.loading}
      </p>
    );
  } else if (profileQuery.isError) {
    return <Navigate to={paths.notFound} replace />;
  } else {
    body = <PublicProfile user={profileQuery.data} />;
  }

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link to={paths.landing} className="text-xl font-bold text-primary">
          Kindred
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex-1 px-4 pb-16">{body}</main>
    </div>
  );
}

function PublicProfile({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const meQuery = useMe();
  const me = meQuery.data;
  const sendMutation = useSendConnectRequest();
  const [checking, setChecking] = useState(false);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const instagram = safeHttpUrl(user.socialLinks.instagramLink);
  const other = safeHttpUrl(user.socialLinks.otherLink);
  const isSelf = me?._id === user._id;

  async function handleConnect() {
    setChecking(true);
    try {
      await checkSession();
    } catch {
      navigate(paths.login);
      return;
    } finally {
      setChecking(false);
    }
    sendMutation.mutate(user._id, {
      onSuccess: () => showToast(MESSAGES.requestSent, { variant: "success" }),
      onError: () => showToast(MESSAGES.requestFailed, { variant: "error" }),
    });
  }

  const busy = checking || sendMutation.isPending;

  return (
    <article
      aria-labelledby="public-profile-name"
      className="card mx-auto mt-4 w-full max-w-2xl overflow-hidden border border-base-300 bg-base-100 shadow-xl"
    >
      <div className="h-28 bg-gradient-to-r from-primary to-secondary sm:h-36" aria-hidden="true" />
      <div className="card-body -mt-20 gap-5 sm:-mt-24">
        <div className="flex flex-col items-center gap-3 text-center">
          <Avatar src={user.photoUrl} name={fullName || user.firstName} size="xl" />
          <h1 id="public-profile-name" className="text-3xl font-bold">
            {user.firstName}
          </h1>
          {user.about ? (
            <p className="max-w-prose whitespace-pre-line text-base-content/80">{user.about}</p>
          ) : null}
          {instagram || other ? (
            <ul aria-label="Social links" className="flex flex-wrap justify-center gap-2">
              {instagram ? (
                <li>
                  <a
                    href={instagram}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-outline btn-sm"
                  >
                    <AtSign aria-hidden="true" className="size-4" />
                    Instagram
                  </a>
                </li>
              ) : null}
              {other ? (
                <li>
                  <a
                    href={other}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-outline btn-sm"
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    Website
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
        <dl className="grid gap-3 rounded-box bg-base-200 p-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-semibold uppercase text-base-content/60">Full name</dt>
            <dd className="font-medium">{fullName}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-base-content/60">Gender</dt>
            <dd className="font-medium">{user.gender ? capitalize(user.gender) : "—"}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-base-content/60">Age</dt>
            <dd className="font-medium">{user.age ?? "—"}</dd>
          </div>
        </dl>
        {user.skills.length > 0 ? (
          <section aria-labelledby="public-profile-skills">
            <h2 id="public-profile-skills" className="mb-2 font-semibold">
              Skills
            </h2>
            <ul className="flex flex-wrap gap-2">
              {user.skills.map((skill) => (
                <li key={skill} className="badge badge-primary badge-outline">
                  {skill}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {meQuery.isPending ? null : isSelf ? (
          <p className="text-center text-sm text-base-content/70">
            This is your public profile. Share its link so people can connect with you.
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-primary w-full sm:mx-auto sm:w-56"
            disabled={busy}
            onClick={handleConnect}
          >
            {busy ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : (
              <UserPlus aria-hidden="true" className="size-4" />
            )}
            Connect
          </button>
        )}
      </div>
    </article>
  );
}
