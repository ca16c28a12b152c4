import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.1 A and AA, the level the product promises (issue 43). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The WCAG 2.1 AA rules that read colours. A theme changes only colours (custom properties under
 * `data-theme`, apps/web/src/index.css), so on a page already measured in one theme these are the
 * rules whose answer can differ in the other.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The violations of impact serious or critical on the page as it is now, one line per node, so a
 * failure names the element and the reason. With `rules`, only those rules are run.
 *
 * Measure with reduced motion (`reducedMotion: "reduce"` or `page.emulateMedia`): a card that
 * axe reads in the middle of its 0.5 s rise-in is half transparent and fails the contrast check,
 * although at rest it passes.
 *
 * axe runs in the page itself (`setLegacyMode`): the screens have no frames from another origin,
 * and the default mode opens a second, blank page for every measurement to put the frames'
 * results together (two walks side by side: 2.9 min with it, 2.0 without).
 */
export async function seriousViolations(
  page: Page,
  { rules }: { rules?: string[] } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  const { violations } = await (rules
    ? builder.withRules(rules)
    : builder.withTags(WCAG_TAGS)
  ).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ") ?? violation.help}`,
      ),
    );
}
