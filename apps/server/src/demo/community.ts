import { randomUUID } from "node:crypto";
import type { Database } from "../db/client.ts";
import { addEvents } from "../modules/events/service.ts";
import { addGroups } from "../modules/groups/service.ts";
import { addAccountMembers } from "../modules/members/service.ts";
import { addPosts } from "../modules/posts/service.ts";

// A lived-in community for the demo data: a study group in each of the four topics with members
// and posts, board posts with replies and likes, upcoming events with people going (one full, with
// a waitlist) and a past one. Written by the demo people (by first name); the demo account (Sam)
// belongs to two groups and is going to one event. Each owning module inserts its own rows.

type Person = { id: string; firstName: string };

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const GROUPS = [
  {
    by: "Mei",
    tag: "Math",
    name: "Linear algebra, slowly",
    description:
      "One chapter of Strang a week, worked examples on Thursday evenings. Beginners welcome.",
    members: ["Sam", "Ravi", "Ingrid", "Arjun", "Elena"],
    posts: [
      {
        by: "Mei",
        title: "Week 3: eigenvalues",
        content: "Try exercises 5.1 to 5.4 before Thursday. Bring the one that annoyed you most.",
        replies: [
          { by: "Ravi", content: "5.3 took me an hour. Happy to walk through it." },
          { by: "Sam", content: "The picture of the transformation finally made it click." },
        ],
      },
    ],
  },
  {
    by: "Lucas",
    tag: "Programming",
    name: "Weekend TypeScript circle",
    description:
      "We read one chapter of the handbook a week and build something small with it on Sunday.",
    members: ["Sam", "Aisha", "Mateo", "Jordan", "Gabriel", "Nia"],
    posts: [
      {
        by: "Lucas",
        title: "Chapter 4: generics",
        content: "Bring one place in your own code where a generic would remove a cast.",
        replies: [{ by: "Aisha", content: "I have a fetch wrapper that needs exactly this." }],
      },
    ],
  },
  {
    by: "Kwame",
    tag: "DSA",
    name: "Interview prep: graphs",
    description: "Two graph problems a week, solved together on a shared board, then discussed.",
    members: ["Priya", "Omar", "Hamza", "Sana"],
    posts: [
      {
        by: "Omar",
        title: "Dijkstra with negative edges?",
        content: "Why exactly does it break? I can see that it does, not why.",
        replies: [
          { by: "Kwame", content: "It settles a node for good too early. Bellman-Ford does not." },
        ],
      },
    ],
  },
  {
    by: "Priya",
    tag: "Machine Learning",
    name: "Papers over coffee",
    description: "One machine learning paper a fortnight, explained by whoever picked it.",
    members: ["Zara", "Erik", "Olivia", "Samuel", "Kai"],
    posts: [],
  },
] as const;

const BOARD_POSTS = [
  {
    by: "Leila",
    title: "Who is up for a hike and a code review?",
    content: "Saturday morning on the ridge trail, then coffee and pull requests.",
    replies: [
      { by: "Noah", content: "Count me in, I will bring the thermos." },
      { by: "Finn", content: "Only if the review is of my woodworking inventory app." },
    ],
    likes: ["Noah", "Finn", "Sam", "Hana"],
  },
  {
    by: "Chloé",
    title: "Learning Spanish with a language partner",
    content: "Looking for someone who wants to practise English in exchange. Two calls a week.",
    replies: [{ by: "Tomás", content: "¡Hola! I am trying the other way round. Let us talk." }],
    likes: ["Tomás", "Camila"],
  },
  {
    by: "Theo",
    title: "What got you into programming?",
    content: "For me it was a broken game I wanted to fix. Curious what it was for you.",
    replies: [
      { by: "Finn", content: "A spreadsheet for my workshop that grew too big." },
      { by: "Amara", content: "A school robotics club. Never looked back." },
    ],
    likes: ["Finn", "Amara", "Yusuf", "Marta", "Lea"],
  },
] as const;

const EVENTS = [
  {
    by: "Lucas",
    title: "TypeScript pairing evening",
    description: "Bring a laptop and a small bug. We pair up and fix things for two hours.",
    location: "Library, room 2.14",
    inDays: 2,
    hour: 18,
    capacity: 12,
    group: "Weekend TypeScript circle",
    going: ["Lucas", "Sam", "Aisha", "Mateo"],
    waitlisted: [],
  },
  {
    by: "Mei",
    title: "Math problem night",
    description: "Six problems, three tables, pizza at half time. All levels.",
    location: "Student union, upstairs",
    inDays: 5,
    hour: 19,
    capacity: 4,
    group: "Linear algebra, slowly",
    going: ["Mei", "Ravi", "Ingrid", "Arjun"],
    waitlisted: ["Elena"],
  },
  {
    by: "Leila",
    title: "Sunday hike and picnic",
    description: "An easy 12 km loop with a long lunch. Meet at the tram terminus.",
    location: "Tram terminus, north exit",
    inDays: 9,
    hour: 9,
    capacity: null,
    group: null,
    going: ["Leila", "Noah", "Finn", "Hana", "Diego"],
    waitlisted: [],
  },
  {
    by: "Priya",
    title: "Reading group: attention is all you need",
    description: "We read the paper together, section by section, with slides from Zara.",
    location: "Online, link in the group",
    inDays: -6,
    hour: 17,
    capacity: null,
    group: "Papers over coffee",
    going: ["Priya", "Zara", "Erik"],
    waitlisted: [],
  },
] as const;

/** Adds the demo community to a database the demo people were just added to (same transaction). */
export async function seedCommunity(tx: Database, people: Person[], now: number): Promise<void> {
  const idOf = new Map(people.map((person) => [person.firstName, person.id]));
  const member = (firstName: string): string => {
    const id = idOf.get(firstName);
    if (!id) throw new Error(`No demo person named ${firstName}`);
    return id;
  };
  const named = new Set<string>();
  const remember = (...names: readonly string[]) => {
    for (const name of names) named.add(name);
  };
  for (const group of GROUPS) {
    remember(group.by, ...group.members);
    for (const post of group.posts) remember(post.by, ...post.replies.map((r) => r.by));
  }
  for (const post of BOARD_POSTS)
    remember(post.by, ...post.likes, ...post.replies.map((r) => r.by));
  for (const event of EVENTS) remember(event.by, ...event.going, ...event.waitlisted);
  // An account's community member has the account's id.
  await addAccountMembers(
    tx,
    [...named].map((name) => member(name)),
  );

  // Each item a little later than the one before, over the past six days.
  let minutesAgo = 60 * 24 * 6;
  const at = () => {
    minutesAgo -= 37;
    return new Date(now - minutesAgo * 60_000);
  };

  const groupIds = new Map<string, string>();
  const groups: Parameters<typeof addGroups>[1] = { groups: [], members: [] };
  for (const group of GROUPS) {
    const id = randomUUID();
    groupIds.set(group.name, id);
    groups.groups.push({
      id,
      authorId: member(group.by),
      name: group.name,
      description: group.description,
      tag: group.tag,
      createdAt: at(),
    });
    for (const name of [group.by, ...group.members]) {
      groups.members.push({ groupId: id, memberId: member(name), joinedAt: at() });
    }
  }
  await addGroups(tx, groups);

  const posts = [
    ...BOARD_POSTS.map((post) => ({ ...post, groupId: null as string | null })),
    ...GROUPS.flatMap((group) =>
      group.posts.map((post) => ({
        ...post,
        likes: group.members.slice(0, 2),
        groupId: groupIds.get(group.name) ?? null,
      })),
    ),
  ];
  const postRows: Parameters<typeof addPosts>[1] = { posts: [], replies: [], likes: [] };
  for (const post of posts) {
    const id = randomUUID();
    postRows.posts.push({
      id,
      authorId: member(post.by),
      title: post.title,
      content: post.content,
      groupId: post.groupId,
      createdAt: at(),
    });
    for (const reply of post.replies) {
      postRows.replies.push({
        postId: id,
        authorId: member(reply.by),
        content: reply.content,
        createdAt: at(),
      });
    }
    for (const name of post.likes) postRows.likes.push({ postId: id, memberId: member(name) });
  }
  await addPosts(tx, postRows);

  const today = new Date(now);
  const DEMO_EVENT_LENGTH_MS = 2 * 60 * 60_000;
  const events: Parameters<typeof addEvents>[1] = { events: [], rsvps: [] };
  for (const event of EVENTS) {
    const id = randomUUID();
    const startsAt =
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), event.hour) +
      event.inDays * DAY_MS;
    events.events.push({
      id,
      authorId: member(event.by),
      title: event.title,
      description: event.description,
      location: event.location,
      startsAt: new Date(startsAt),
      // Two hours each in the calendar.
      endsAt: new Date(startsAt + DEMO_EVENT_LENGTH_MS),
      utcOffset: "Z",
      capacity: event.capacity,
      groupId: event.group ? (groupIds.get(event.group) ?? null) : null,
    });
    const answers = [
      ...event.going.map((name) => ({ name, status: "going" })),
      ...event.waitlisted.map((name) => ({ name, status: "waitlisted" })),
    ];
    answers.forEach(({ name, status }, index) => {
      events.rsvps.push({
        eventId: id,
        memberId: member(name),
        status,
        createdAt: new Date(now - (answers.length - index) * HOUR_MS),
      });
    });
  }
  // With their reminders, as creating an event through the API queues them.
  await addEvents(tx, events, new Date(now));
}
