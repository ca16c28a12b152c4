import { type InfiniteData, useQuery, useQueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "@/components/ui/theme-toggle.tsx";
import { AppToaster, dismissToast } from "@/components/ui/toast.tsx";
import { createTestQueryClient, renderWithQueryClient } from "@/test/query-client.tsx";
import { ApiError } from "./api-client.ts";
import {
  type OptimisticMutationOptions,
  takeOutOfList,
  useOptimisticMutation,
} from "./optimistic-mutation.ts";
import { queryKeys } from "./query-client.ts";

type Person = { id: string; name: string };
const LIST_KEY = ["people"] as const;
const idOf = (person: Person) => person.id;
const people: Person[] = [
  { id: "a", name: "Ana Lee" },
  { id: "b", name: "Bo Chen" },
  { id: "c", name: "Cy Diaz" },
];

beforeAll(() => {
  // Sonner captures the pointer on a toast; jsdom has no pointer capture.
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
});
// Sonner's toasts live in a module-level store: each test starts without the last one's.
afterEach(() => dismissToast());

const networkDown = () => new ApiError(0, undefined, "Network error");

/** The list stays as the test set it: only the mutation under test changes it. */
function newClient() {
  return createTestQueryClient({ queries: { staleTime: Number.POSITIVE_INFINITY } });
}

type Options = Partial<OptimisticMutationOptions<Person, void>>;

/** A list of people, each with a Remove button that removes them optimistically. */
function PeopleList({ options }: { options: Options }) {
  const { data = [] } = useQuery<Person[]>({ queryKey: LIST_KEY, queryFn: () => people });
  const client = useQueryClient();
  const remove = useOptimisticMutation<Person, void>({
    mutationFn: async () => {},
    apply: (person) => takeOutOfList<Person>(client, { queryKey: LIST_KEY, idOf, id: person.id }),
    failure: (person) => `Couldn't remove ${person.name}.`,
    ...options,
  });
  return (
    <ul aria-label="People">
      {data.map((person) => (
        <li key={person.id}>
          {person.name}
          <button type="button" onClick={() => remove.mutate(person)}>
            Remove {person.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function renderList(options: Options, client = newClient()) {
  client.setQueryData(LIST_KEY, people);
  renderWithQueryClient(
    <ThemeProvider>
      <PeopleList options={options} />
      <AppToaster />
    </ThemeProvider>,
    { queryClient: client },
  );
  return client;
}

const shownNames = () =>
  within(screen.getByRole("list", { name: "People" }))
    .queryAllByRole("listitem")
    .map((item) => item.firstChild?.textContent);

describe("useOptimisticMutation", () => {
  it("removes at once, and on a network failure puts the item back where it was and says so with Retry", async () => {
    let fail = true;
    const mutationFn = vi.fn(async (_person: Person) => {
      if (fail) throw networkDown();
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderList({
      mutationFn: async (person) => {
        await held;
        return mutationFn(person);
      },
    });

    await userEvent.click(screen.getByRole("button", { name: "Remove Bo Chen" }));
    await waitFor(() => expect(shownNames()).toEqual(["Ana Lee", "Cy Diaz"]));

    release();
    const toast = await screen.findByText("Couldn't remove Bo Chen. Check your connection.");
    expect(shownNames()).toEqual(["Ana Lee", "Bo Chen", "Cy Diaz"]);
    // Announced: the toast sits in sonner's polite live region.
    expect(toast.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");

    fail = false;
    const item = toast.closest("li") as HTMLElement;
    await userEvent.click(within(item).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(shownNames()).toEqual(["Ana Lee", "Cy Diaz"]));
  });

  it("puts two failed removals back in their places", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderList({
      mutationFn: async () => {
        await held;
        throw networkDown();
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Remove Ana Lee" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove Cy Diaz" }));
    await waitFor(() => expect(shownNames()).toEqual(["Bo Chen"]));
    release();
    expect(
      await screen.findByText("Couldn't remove Ana Lee. Check your connection."),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Couldn't remove Cy Diaz. Check your connection."),
    ).toBeInTheDocument();
    await waitFor(() => expect(shownNames()).toEqual(["Ana Lee", "Bo Chen", "Cy Diaz"]));
  });

  it("offers no Retry for an answer that asking again cannot change, and shows the server's sentence", async () => {
    renderList({
      mutationFn: async () => {
        throw new ApiError(400, { message: "You cannot remove yourself." }, "Bad Request");
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Remove Ana Lee" }));
    const toast = await screen.findByText("Couldn't remove Ana Lee. You cannot remove yourself.");
    expect(
      within(toast.closest("li") as HTMLElement).queryByRole("button", { name: "Retry" }),
    ).toBeNull();
    expect(shownNames()).toEqual(["Ana Lee", "Bo Chen", "Cy Diaz"]);
  });

  it("offers Retry when the server is down (5xx)", async () => {
    renderList({
      mutationFn: async () => {
        throw new ApiError(503, { code: "DB_UNAVAILABLE", message: "Database down" }, "");
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Remove Ana Lee" }));
    const toast = await screen.findByText(
      "Couldn't remove Ana Lee. Kindred is not answering right now. Try again in a moment.",
    );
    expect(
      within(toast.closest("li") as HTMLElement).getByRole("button", { name: "Retry" }),
    ).toBeVisible();
  });

  it("uses the mutation's own words for an error it explains, without Retry", async () => {
    renderList({
      mutationFn: async () => {
        throw new ApiError(404, undefined, "Not Found");
      },
      explain: (error) =>
        error instanceof ApiError && error.status === 404 ? "Too late: already gone." : undefined,
    });
    await userEvent.click(screen.getByRole("button", { name: "Remove Ana Lee" }));
    const toast = await screen.findByText("Too late: already gone.");
    expect(
      within(toast.closest("li") as HTMLElement).queryByRole("button", { name: "Retry" }),
    ).toBeNull();
    expect(shownNames()).toEqual(["Ana Lee", "Bo Chen", "Cy Diaz"]);
  });

  it("treats a 401 as the session's end: puts the item back, no toast, asks for the session again", async () => {
    const client = renderList({
      mutationFn: async () => {
        throw new ApiError(401, { code: "UNAUTHENTICATED", message: "Please log in" }, "");
      },
    });
    client.setQueryData(queryKeys.me, { _id: "me" });
    await userEvent.click(screen.getByRole("button", { name: "Remove Ana Lee" }));
    await waitFor(() => expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(true));
    expect(shownNames()).toEqual(["Ana Lee", "Bo Chen", "Cy Diaz"]);
    expect(screen.queryByText(/Couldn't remove/)).toBeNull();
  });

  it("hands a 401 to onUnauthorized when given one", async () => {
    const onUnauthorized = vi.fn();
    renderList({
      mutationFn: async () => {
        throw new ApiError(401, undefined, "Unauthorized");
      },
      onUnauthorized,
    });
    await userEvent.click(screen.getByRole("button", { name: "Remove Bo Chen" }));
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith(people[1]));
    expect(shownNames()).toEqual(["Ana Lee", "Bo Chen", "Cy Diaz"]);
  });
});

describe("takeOutOfList", () => {
  type Page = { items: Person[]; next: string | null };

  it("takes an item out of an infinite query's page and puts it back in the same page and place", async () => {
    const client = newClient();
    const key = ["paged"];
    client.setQueryData<InfiniteData<Page, string | null>>(key, {
      pages: [
        { items: people.slice(0, 2), next: "2" },
        { items: people.slice(2), next: null },
      ],
      pageParams: [null, "2"],
    });
    const rollback = await takeOutOfList<Person>(client, {
      queryKey: key,
      idOf,
      id: "b",
      pageField: "items",
    });
    const taken = client.getQueryData<InfiniteData<Page>>(key);
    expect(taken?.pages.map((page) => page.items.map((p) => p.id))).toEqual([["a"], ["c"]]);
    rollback();
    const back = client.getQueryData<InfiniteData<Page>>(key);
    expect(back?.pages.map((page) => page.items.map((p) => p.id))).toEqual([["a", "b"], ["c"]]);
    expect(back?.pages[0]?.next).toBe("2");
  });

  it("does not add an item twice when a refetch already brought it back", async () => {
    const client = newClient();
    client.setQueryData(LIST_KEY, people);
    const rollback = await takeOutOfList<Person>(client, { queryKey: LIST_KEY, idOf, id: "a" });
    client.setQueryData(LIST_KEY, people);
    rollback();
    expect(client.getQueryData<Person[]>(LIST_KEY)?.map((p) => p.id)).toEqual(["a", "b", "c"]);
  });

  it("leaves a list without the item untouched", async () => {
    const client = newClient();
    client.setQueryData(LIST_KEY, people);
    const before = client.getQueryData(LIST_KEY);
    const rollback = await takeOutOfList<Person>(client, { queryKey: LIST_KEY, idOf, id: "zz" });
    rollback();
    expect(client.getQueryData(LIST_KEY)).toBe(before);
  });
});
