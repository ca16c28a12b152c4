import { ArrowLeft, Search } from "lucide-react";
import { useId, useState } from "react";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { BLOG_POSTS, BLOG_PREVIEW_LENGTH, type BlogPost } from "../content/posts.ts";

const NO_POSTS = "No posts found. Try another search.";

function formatDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "long" });
}

function PostDetail({ post, onBack }: { post: BlogPost; onBack: () => void }) {
  return (
    <article className="card mx-auto max-w-3xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 className="text-3xl font-bold">{post.title}</h2>
        <p className="text-sm text-base-content/70">
          {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <p className="leading-relaxed">{post.content}</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Blog List
          </button>
        </div>
      </div>
    </article>
  );
}

export function BlogPage() {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const open = BLOG_POSTS.find((post) => post.id === openId);
  const needle = search.trim().toLowerCase();
  const posts = BLOG_POSTS.filter((post) => post.title.toLowerCase().includes(needle));

  return (
    <>
      <PageIntro title="Blog" lead="Ideas for meeting people and learning together." />
      <div className="mx-auto max-w-5xl px-4 py-10">
        {open ? (
          <PostDetail post={open} onBack={() => setOpenId(null)} />
        ) : (
          <>
            <label htmlFor={searchId} className="input mx-auto mb-8 flex w-full max-w-md">
              <Search aria-hidden="true" className="size-4 opacity-60" />
              <span className="sr-only">Search posts by title</span>
              <input
                id={searchId}
                type="search"
                placeholder="Search posts by title"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </label>
            {posts.length === 0 ? (
              <p role="status" className="py-10 text-center text-base-content/70">
                {NO_POSTS}
              </p>
            ) : (
              <ul className="grid gap-5 md:grid-cols-3">
                {posts.map((post) => (
                  <li key={post.id} className="card border border-base-300 bg-base-100 shadow-sm">
                    <div className="card-body">
                      <h2 className="card-title">{post.title}</h2>
                      <p className="text-sm text-base-content/70">
                        <time dateTime={post.date}>{formatDate(post.date)}</time>
                      </p>
                      <p className="text-base-content/80">
                        {post.content.slice(0, BLOG_PREVIEW_LENGTH)}...
                      </p>
                      <div className="card-actions mt-2">
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          onClick={() => {
                            setOpenId(post.id);
                            window.scrollTo({ top: 0 });
                          }}
                        >
                          Read more
                          <span className="sr-only">: {post.title}</span>
                        </button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}
