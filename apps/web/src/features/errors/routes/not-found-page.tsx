import { useNavigate } from "react-router";
import { paths } from "@/config/paths.ts";

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-base-200 px-4 text-center">
      <h1 className="text-6xl font-extrabold text-primary sm:text-7xl">Oops!</h1>
      <p className="text-xl font-semibold tracking-wide">404 - PAGE NOT FOUND</p>
      <p className="max-w-md text-base-content/70">
        The page you are looking for might have been removed, had its name changed or is temporarily
        unavailable.
      </p>
      <button
        type="button"
        className="btn btn-primary mt-2"
        onClick={() => navigate(paths.landing)}
      >
        GO TO HOMEPAGE
      </button>
    </main>
  );
}
