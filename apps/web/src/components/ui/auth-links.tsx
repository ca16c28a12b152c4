import { Link } from "react-router";
import { paths } from "@/config/paths.ts";

/** The Login and Signup buttons a signed-out visitor sees in a header. */
export function AuthLinks() {
  return (
    <>
      <Link to={paths.login} className="btn btn-ghost btn-sm">
        Login
      </Link>
      <Link to={paths.signup} className="btn btn-primary btn-sm">
        Signup
      </Link>
    </>
  );
}
