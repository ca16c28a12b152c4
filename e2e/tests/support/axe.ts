import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.1 A and AA, the level the product promises (issue 43). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The violations of impact serious or critical on the page as it is now, one line per node, so a
 * failure names the element and the reason.
 *
 * Measure with reduced motion (`reducedMotion: "reduce"` or `page.emulateMedia`): a card that
 * axe reads in the middle of its 0.5 s rise-in is half transparent and fails the contrast check,
 * although at rest it passes.
 *
 * axe runs in the page itself (`setLegacyMode`): the screens have no frames from another origin,
 * and the default mode opens a second, blank page for every measurement to put the frames'
 * results together, which was most of a measurement's time.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ") ?? violation.help}`,
      ),
    );
}
