const arabicPlural = new Intl.PluralRules("ar");

/**
 * An Arabic count with its noun, as the grammar wants it: the singular alone for one, the dual
 * for two, the plural of 3 to 10, the singular of 11 and up (e.g. "يومين", "10 دقائق", "14 يومًا").
 */
export function arabicCount(
  count: number,
  forms: { one: string; two: string; few: string; many: string },
): string {
  switch (arabicPlural.select(count)) {
    case "one":
      return forms.one;
    case "two":
      return forms.two;
    case "few":
      return `${count} ${forms.few}`;
    default:
      return `${count} ${forms.many}`;
  }
}
