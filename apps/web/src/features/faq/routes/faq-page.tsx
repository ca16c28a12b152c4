import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, Search } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { SiteFooter } from "@/components/ui/site-footer.tsx";
import { paths } from "@/config/paths.ts";
import { FAQ_ITEMS } from "../content/questions.ts";

/** Outside the shared layout: the FAQ has its own header and footer. */
export function FaqPage() {
  const { t, i18n } = useLingui();
  const searchId = useId();
  const baseId = useId();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const needle = search.trim().toLocaleLowerCase(i18n.locale);
  const items = FAQ_ITEMS.map((item) => ({
    question: i18n._(item.question),
    answer: i18n._(item.answer),
  })).filter((item) => item.question.toLocaleLowerCase(i18n.locale).includes(needle));

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <BrandHeader
        actions={
          <Link to={paths.support} className="btn btn-ghost btn-sm">
            <Trans>Support</Trans>
          </Link>
        }
      />
      <main id="main" className="flex-1">
        <PageIntro title={t`Frequently asked questions`} lead={t`Quick answers about Kindred.`} />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <label htmlFor={searchId} className="input mb-6 flex w-full">
            <Search aria-hidden="true" className="size-4 opacity-60" />
            <span className="sr-only">
              <Trans>Search questions</Trans>
            </span>
            <input
              id={searchId}
              type="search"
              placeholder={t`Search questions`}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          {items.length === 0 ? (
            <p role="status" className="py-10 text-center text-base-content/70">
              <Trans>No questions found. Try a different search term.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {items.map((item, index) => {
                const expanded = open === item.question;
                const panelId = `${baseId}-${index}`;
                return (
                  <li
                    key={item.question}
                    className="rounded-box border border-base-300 bg-base-100"
                  >
                    <h2>
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={panelId}
                        className="flex w-full items-center justify-between gap-3 rounded-box px-5 py-4 text-start font-semibold focus-visible:outline-2 focus-visible:outline-primary"
                        onClick={() => setOpen(expanded ? null : item.question)}
                      >
                        {item.question}
                        <ChevronDown
                          aria-hidden="true"
                          className={`size-5 shrink-0 transition-transform ${expanded ? "rotate-180" : ""}`}
                        />
                      </button>
                    </h2>
                    <div id={panelId} hidden={!expanded} className="px-5 pb-4 text-base-content/80">
                      {item.answer}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <p className="mt-8 text-center text-base-content/70">
            <Trans>
              Still stuck?{" "}
              <Link to={paths.support} className="link link-primary">
                Ask the support center
              </Link>
              .
            </Trans>
          </p>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
