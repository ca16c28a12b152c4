import { BLOG_POSTS } from "@kindred/shared/blog-posts";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import { Link, Navigate, useParams } from "react-router";
import { paths } from "@/config/paths.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { formatPostDate } from "../components/post-date.ts";
import { postText } from "../content/post-texts.ts";

/** One post at its own address (`/blog/{slug}`), so it can be shared; an unknown slug is a 404. */
export function BlogPostPage() {
  const { t, i18n } = useLingui();
  const { slug } = useParams();
  const found = BLOG_POSTS.find((candidate) => candidate.id === slug);
  const post = found ? { ...found, ...postText(found, i18n) } : undefined;
  useDocumentTitle(post?.title ?? t`Blog`);
  if (!post) return <Navigate to={paths.notFound} replace />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <article className="card mx-auto max-w-3xl border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-3xl font-bold" dir="auto">
            {post.title}
          </h1>
          <p className="text-sm text-base-content/70">
            {post.author} ·{" "}
            <time dateTime={post.date}>{formatPostDate(post.date, i18n.locale)}</time>
          </p>
          <p className="leading-relaxed">{post.content}</p>
          <div>
            <Link to={paths.blog} className="btn btn-primary">
              <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              <Trans>Back to Blog List</Trans>
            </Link>
          </div>
        </div>
      </article>
    </div>
  );
}
