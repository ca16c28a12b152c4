import { ageBandOf } from "@kindred/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import { holdTransactionLock } from "../db/locks.ts";
import { hashPassword } from "../modules/auth/passwords.ts";
import { newPublicId } from "../modules/auth/service.ts";
import { addRequests } from "../modules/requests/service.ts";
import { indexSkillsOfMany } from "../modules/skills/service.ts";
import { anyUser, insertUsers } from "../modules/users/service.ts";
import { seedCommunity } from "./community.ts";

export const DEMO_EMAIL = "demo@kindred.app";

type DemoPerson = {
  firstName: string;
  lastName: string;
  age: number;
  gender: "male" | "female" | "other";
  about: string;
  skills: string[];
};

const DEMO_ACCOUNT: DemoPerson = {
  firstName: "Sam",
  lastName: "Rivera",
  age: 24,
  gender: "other",
  about: "Computer science student who likes long hikes and short feedback loops.",
  skills: ["Programming", "Chess", "Hiking", "Machine Learning", "Photography"],
};

const PEOPLE: DemoPerson[] = [
  {
    firstName: "Aisha",
    lastName: "Okafor",
    age: 21,
    gender: "female",
    about: "Second-year biology student, weekend baker and amateur birder.",
    skills: ["Cooking", "Baking", "Birdwatching", "Biology"],
  },
  {
    firstName: "Mateo",
    lastName: "García",
    age: 27,
    gender: "male",
    about: "Backend developer by day, jazz guitarist by night.",
    skills: ["Programming", "Guitar", "Music", "Go", "Databases"],
  },
  {
    firstName: "Mei",
    lastName: "Lin",
    age: 23,
    gender: "female",
    about: "Designing interfaces people do not have to think about.",
    skills: ["Design", "Figma", "Illustration", "Photography"],
  },
  {
    firstName: "Jonas",
    lastName: "Schmidt",
    age: 31,
    gender: "male",
    about: "Climbing gyms, chess clubs and the occasional hackathon.",
    skills: ["Chess", "Climbing", "Programming", "Rust"],
  },
  {
    firstName: "Priya",
    lastName: "Sharma",
    age: 25,
    gender: "female",
    about: "ML researcher who wants to learn to cook properly.",
    skills: ["Machine Learning", "Python", "Statistics", "Cooking", "Yoga"],
  },
  {
    firstName: "Kwame",
    lastName: "Mensah",
    age: 29,
    gender: "male",
    about: "Product manager and marathon runner looking for a running crew.",
    skills: ["Running", "Product Management", "Public Speaking"],
  },
  {
    firstName: "Sofia",
    lastName: "Rossi",
    age: 20,
    gender: "female",
    about: "Architecture student sketching every building I pass.",
    skills: ["Drawing", "Architecture", "Photography", "Travel"],
  },
  {
    firstName: "Alex",
    lastName: "Kim",
    age: 22,
    gender: "other",
    about: "Game jams, pixel art and lo-fi beats.",
    skills: ["Game Development", "Pixel Art", "Music Production", "Programming"],
  },
  {
    firstName: "Lucas",
    lastName: "Silva",
    age: 34,
    gender: "male",
    about: "Data engineer, coffee nerd, trail runner.",
    skills: ["Data Engineering", "SQL", "Coffee", "Trail Running", "Hiking"],
  },
  {
    firstName: "Hana",
    lastName: "Tanaka",
    age: 26,
    gender: "female",
    about: "Translating between Japanese, English and code.",
    skills: ["Japanese", "Translation", "Programming", "Calligraphy"],
  },
  {
    firstName: "Omar",
    lastName: "Haddad",
    age: 28,
    gender: "male",
    about: "Civil engineer, chess blitz addict, learning the oud.",
    skills: ["Chess", "Engineering", "Oud", "Music"],
  },
  {
    firstName: "Elena",
    lastName: "Popescu",
    age: 19,
    gender: "female",
    about: "First-year maths student. Ask me about prime numbers.",
    skills: ["Mathematics", "Chess", "Piano", "Puzzles"],
  },
  {
    firstName: "Noah",
    lastName: "Williams",
    age: 37,
    gender: "male",
    about: "Photographer who codes small tools to sort photos.",
    skills: ["Photography", "Lightroom", "Programming", "Hiking", "Travel"],
  },
  {
    firstName: "Zara",
    lastName: "Ahmed",
    age: 24,
    gender: "female",
    about: "Frontend developer and accessibility advocate.",
    skills: ["React", "Accessibility", "Design", "Programming", "Writing"],
  },
  {
    firstName: "Diego",
    lastName: "Fernández",
    age: 30,
    gender: "male",
    about: "Chef turned food scientist. Fermentation is my love language.",
    skills: ["Cooking", "Fermentation", "Chemistry", "Gardening"],
  },
  {
    firstName: "Ingrid",
    lastName: "Johansson",
    age: 33,
    gender: "female",
    about: "Cross-country skier and UX researcher.",
    skills: ["UX Research", "Skiing", "Hiking", "Design"],
  },
  {
    firstName: "Ravi",
    lastName: "Patel",
    age: 22,
    gender: "male",
    about: "Robotics club lead, building a line follower that finally follows lines.",
    skills: ["Robotics", "Electronics", "C++", "Machine Learning"],
  },
  {
    firstName: "Chloé",
    lastName: "Martin",
    age: 27,
    gender: "female",
    about: "Cellist in a student orchestra, data analyst in real life.",
    skills: ["Cello", "Music", "Data Analysis", "Statistics"],
  },
  {
    firstName: "Tomás",
    lastName: "Novak",
    age: 41,
    gender: "male",
    about: "Teacher, board game collector, weekend hiker.",
    skills: ["Teaching", "Board Games", "Hiking", "Chess", "History"],
  },
  {
    firstName: "Amara",
    lastName: "Nwosu",
    age: 23,
    gender: "female",
    about: "Writing a novel and a compiler, not necessarily in that order.",
    skills: ["Creative Writing", "Programming", "Compilers", "Poetry"],
  },
  {
    firstName: "Yusuf",
    lastName: "Demir",
    age: 26,
    gender: "male",
    about: "Mobile developer who photographs street food everywhere.",
    skills: ["Mobile Development", "Kotlin", "Photography", "Cooking"],
  },
  {
    firstName: "Lea",
    lastName: "Müller",
    age: 21,
    gender: "female",
    about: "Psychology student, volunteer tutor, amateur potter.",
    skills: ["Psychology", "Tutoring", "Pottery", "Yoga"],
  },
  {
    firstName: "Jordan",
    lastName: "Taylor",
    age: 29,
    gender: "other",
    about: "Sound engineer. Synths, field recordings and long walks.",
    skills: ["Music Production", "Synthesizers", "Audio Engineering", "Hiking"],
  },
  {
    firstName: "Fatima",
    lastName: "Zahra",
    age: 25,
    gender: "female",
    about: "Security engineer, CTF player, calligraphy on Sundays.",
    skills: ["Security", "Programming", "CTF", "Calligraphy", "Linux"],
  },
  {
    firstName: "Liam",
    lastName: "O'Brien",
    age: 32,
    gender: "male",
    about: "Physics PhD. Teaching myself woodworking and sourdough.",
    skills: ["Physics", "Woodworking", "Baking", "Mathematics"],
  },
  {
    firstName: "Nia",
    lastName: "Johnson",
    age: 18,
    gender: "female",
    about: "High-school senior into robotics and debate.",
    skills: ["Robotics", "Debate", "Public Speaking", "Programming"],
  },
  {
    firstName: "Arjun",
    lastName: "Iyer",
    age: 35,
    gender: "male",
    about: "Startup founder. Learning chess openings to keep humble.",
    skills: ["Entrepreneurship", "Chess", "Product Management", "Machine Learning"],
  },
  {
    firstName: "Camila",
    lastName: "Torres",
    age: 22,
    gender: "female",
    about: "Dancer and marketing student. Salsa on Thursdays.",
    skills: ["Dance", "Marketing", "Photography", "Spanish"],
  },
  {
    firstName: "Erik",
    lastName: "Larsen",
    age: 44,
    gender: "male",
    about: "Sailing instructor and hobbyist astronomer.",
    skills: ["Sailing", "Astronomy", "Photography", "Navigation"],
  },
  {
    firstName: "Sana",
    lastName: "Yousef",
    age: 27,
    gender: "female",
    about: "Bioinformatics, bouldering and bad puns.",
    skills: ["Bioinformatics", "Python", "Climbing", "Statistics", "Machine Learning"],
  },
  {
    firstName: "Kai",
    lastName: "Nakamura",
    age: 20,
    gender: "other",
    about: "Illustrator and comic artist looking for a writer.",
    skills: ["Illustration", "Comics", "Drawing", "Design"],
  },
  {
    firstName: "Gabriel",
    lastName: "Costa",
    age: 30,
    gender: "male",
    about: "DevOps engineer, homelab tinkerer, football on weekends.",
    skills: ["DevOps", "Linux", "Kubernetes", "Football", "Programming"],
  },
  {
    firstName: "Olivia",
    lastName: "Brown",
    age: 24,
    gender: "female",
    about: "Nursing student and trail runner who loves a good playlist.",
    skills: ["Nursing", "Trail Running", "Music", "Cooking"],
  },
  {
    firstName: "Hamza",
    lastName: "Ali",
    age: 23,
    gender: "male",
    about: "Economics student building budgeting spreadsheets for friends.",
    skills: ["Economics", "Excel", "Chess", "Data Analysis"],
  },
  {
    firstName: "Marta",
    lastName: "Kowalska",
    age: 28,
    gender: "female",
    about: "Violinist who freelances as a web designer.",
    skills: ["Violin", "Music", "Web Design", "Design", "Photography"],
  },
  {
    firstName: "Samuel",
    lastName: "Adeyemi",
    age: 26,
    gender: "male",
    about: "Open-source maintainer. Happy to pair on your first PR.",
    skills: ["Open Source", "Programming", "TypeScript", "Mentoring"],
  },
  {
    firstName: "Isabel",
    lastName: "Moreno",
    age: 39,
    gender: "female",
    about: "Landscape photographer and hiking guide.",
    skills: ["Photography", "Hiking", "Camping", "Botany"],
  },
  {
    firstName: "Theo",
    lastName: "Dubois",
    age: 21,
    gender: "male",
    about: "Film student who edits videos for every club on campus.",
    skills: ["Filmmaking", "Video Editing", "Photography", "Storytelling"],
  },
  {
    firstName: "Leila",
    lastName: "Karimi",
    age: 25,
    gender: "female",
    about: "AI ethics researcher, chess club treasurer, tea snob.",
    skills: ["Machine Learning", "Ethics", "Chess", "Writing", "Tea"],
  },
  {
    firstName: "Finn",
    lastName: "Andersen",
    age: 45,
    gender: "male",
    about: "Carpenter who started coding at 40. Never too late.",
    skills: ["Woodworking", "Programming", "Cooking", "Cycling"],
  },
];

/** Demo people who have already said they are interested in the demo account. */
const INTERESTED_IN_DEMO = ["Jonas", "Priya", "Noah", "Leila", "Lucas"];

const MINUTE_MS = 60_000;

export type SeededPerson = { id: string; firstName: string; lastName: string };

/**
 * Fills an EMPTY database with demo people and the demo account, so a first start shows a living
 * app; every demo account gets `password` (generated per data folder, see password.ts).
 * Returns the people it added (none when the database was not empty), for their portraits.
 * Concurrent starts on one PostgreSQL are serialised by a lock.
 */
export async function seedDemoIfEmpty(
  db: Database,
  password: string,
  log?: FastifyBaseLogger,
): Promise<SeededPerson[]> {
  if (await anyUser(db)) return [];
  // One hash for everyone keeps the first start fast; these are demo accounts.
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const seeded = await db.transaction(async (tx) => {
    await holdTransactionLock(tx, 727001);
    if (await anyUser(tx)) return [];
    const everyone = [DEMO_ACCOUNT, ...PEOPLE];
    const rows = await insertUsers(
      tx,
      everyone.map((person, index) => ({
        email:
          index === 0
            ? DEMO_EMAIL
            : `${person.firstName}.${person.lastName}`
                .normalize("NFD")
                .replace(/[^A-Za-z.]/g, "")
                .toLowerCase()
                .concat("@demo.kindred.app"),
        passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        age: person.age,
        lastAgeBand: ageBandOf(person.age),
        gender: person.gender,
        about: person.about,
        skills: person.skills,
        publicId: newPublicId(),
        // Spread over the past days so "newest first" has something to order.
        createdAt: new Date(now - (everyone.length - index) * 97 * MINUTE_MS),
        // The demo people's addresses need no proof: they write to others from the start.
        emailVerifiedAt: new Date(now),
      })),
    );
    await indexSkillsOfMany(
      tx,
      rows.map((row) => ({ userId: row.id, skills: row.skills })),
    );
    const demo = rows[0];
    if (demo) {
      const senders = rows.filter((row) => INTERESTED_IN_DEMO.includes(row.firstName));
      await addRequests(
        tx,
        senders.map((row, index) => ({
          fromUserId: row.id,
          toUserId: demo.id,
          status: "interested",
          createdAt: new Date(now - (index + 1) * 13 * MINUTE_MS),
        })),
      );
    }
    await seedCommunity(tx, rows, now);
    return rows.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
  });
  if (seeded.length > 0) log?.info({ people: PEOPLE.length }, "seeded demo data");
  return seeded;
}
