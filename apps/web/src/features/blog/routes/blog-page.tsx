import { BLOG_POSTS, BLOG_PREVIEW_LENGTH } from "@kindred/shared/blog-posts";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { paths } from "@/config/paths.ts";
import { formatPostDate } from "../components/post-date.ts";
import { postText } from "../content/post-texts.ts";

export function BlogPage() {
  const { t, i18n } = useLingui();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const needle = search.trim().toLocaleLowerCase(i18n.locale);
  const posts = BLOG_POSTS.map((post) => ({ ...post, ...postText(post, i18n) })).filter((post) =>
    post.title.toLocaleLowerCase(i18n.locale).includes(needle),
  );

  return (
    <>
      <PageIntro title={t`Blog`} lead={t`Ideas for meeting people and learning together.`} />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <label htmlFor={searchId} className="input mx-auto mb-8 flex w-full max-w-md">
          <Search aria-hidden="true" className="size-4 opacity-60" />
          <span className="sr-only">
            <Trans>Search posts by title</Trans>
          </span>
          <input
            id={searchId}
            type="search"
            placeholder={t`Search posts by title`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        {posts.length === 0 ? (
          <p role="status" className="py-10 text-center text-base-content/70">
            <Trans>No posts found. Try another search.</Trans>
          </p>
        ) : (
          <ul className="grid gap-5 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="card border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body">
                  <h2 className="card-title">{post.title}</h2>
                  <p className="text-sm text-base-content/70">
                    <time dateTime={post.date}>{formatPostDate(post.date, i18n.locale)}</time>
                  </p>
                  <p className="text-base-content/80">
                    {post.content.slice(0, BLOG_PREVIEW_LENGTH)}...
                  </p>
                  <div className="card-actions mt-2">
                    <Link to={paths.blogPost(post.id)} className="btn btn-primary btn-sm">
                      <Trans>
                        Read more<span className="sr-only">: {post.title}</span>
                      </Trans>
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
