import { ApiSession, connectByApi, expect, type TestUser, test, uniqueId } from "../fixtures.ts";
import { type FreshServer, startFreshServer } from "../fresh-server.ts";

// The run's server is shared by every test, so its counts move while a test reads them. This one
// starts the built server again on an empty database of its own and makes a known number of
// people, connections and interests in it.

let fresh: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fresh = await startFreshServer();
});

test.afterAll(async () => {
  await fresh?.stop();
});

/** Every text a counter showed, in order, recorded from the page's first script on. */
function recordCounterTexts() {
  const seen: string[][] = [[], [], []];
  const record = () => {
    document.querySelectorAll("[data-testid='stat-value']").forEach((node, index) => {
      const texts = seen[index];
      const text = node.textContent ?? "";
      if (texts && texts[texts.length - 1] !== text) texts.push(text);
    });
  };
  (window as unknown as { counterTexts: string[][] }).counterTexts = seen;
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

test("the landing page's counters end at the database's counts of people, connections and interests", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  const sessions: ApiSession[] = [];
  const people: TestUser[] = [];
  // Seven people, with two skills they all share and one each of their own: 9 interests.
  for (let i = 0; i < 7; i++) {
    const session = await ApiSession.open(fresh.baseURL);
    sessions.push(session);
    people.push(
      await session.signUp({
        firstName: `Stat${i}${id}`,
        skills: [`knots-${id}`, `kites-${id}`, `own${i}-${id}`],
      }),
    );
  }
  // Three connections; an interest nobody answered is not one.
  for (const [a, b] of [
    [0, 1],
    [2, 3],
    [4, 5],
  ] as const) {
    await connectByApi(sessions[a] as ApiSession, sessions[b] as ApiSession, people[b] as TestUser);
  }
  await (sessions[6] as ApiSession).sendRequest("interested", (people[0] as TestUser).me);

  const expected = { users: 7, connections: 3, interests: 9 };
  const visitor = await ApiSession.open(fresh.baseURL);
  sessions.push(visitor);
  expect(await visitor.get("/api/stats")).toEqual(expected);

  await page.addInitScript(recordCounterTexts);
  await page.goto(`${fresh.baseURL}/`);
  const values = page.getByTestId("stat-value");
  await values.first().scrollIntoViewIfNeeded();
  await expect(values).toHaveText(["7", "3", "9"]);
  // They counted up to there, one step at a time, and went no further.
  const texts = await page.evaluate(
    () => (window as unknown as { counterTexts: string[][] }).counterTexts,
  );
  expect(texts[0]).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
  expect(texts[1]).toEqual(["0", "1", "2", "3"]);
  expect(texts[2]?.at(-1)).toBe("9");

  await Promise.all(sessions.map((session) => session.dispose()));
});
